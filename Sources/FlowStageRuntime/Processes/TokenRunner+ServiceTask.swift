import Definitions
import Expressions

/// `serviceTask`: call the Swift handler; on failure go to `onError` or fail the instance.
extension TokenRunner {
    mutating func serviceTask(_ service: ServiceTask, node: Node, token: Token, key: String,
                              process: ProcessDefinition, _ instance: inout Instance) {
        let message: String
        let handlers = self.handlers
        if let handler = service.handlerNames.lazy.compactMap({ handlers[$0] }).first {
            do {
                let data = try handler(ServiceRequest(data: instance.data(of: token.call), process: process.name, node: node.id))
                instance.setData(data, of: token.call)
                return forward(token.id, to: node.next, in: &instance, at: key)
            } catch let failure as ServiceFailure {
                message = failure.message
            } catch {
                message = String(describing: error)
            }
        } else if service.standIn {
            instance.warn(["“\(key)” was skipped: a stand-in for \(service.handler); register a ServiceHandler under one of \(service.handlerNames.map { "“\($0)”" }.joined(separator: ", ")) to run it"])
            return forward(token.id, to: node.next, in: &instance, at: key)
        } else {
            message = "no handler named “\(service.handler)” is registered; register it in ProcessEngine.Configuration.serviceHandlers"
        }
        guard let onError = service.onError else {
            return fail(&instance, node: key, "service task “\(key)” failed: \(message)")
        }
        instance.warn(["service task “\(key)” failed and went to “\(onError)”: \(message)"])
        if let errorKey = service.errorKey {
            var data = instance.data(of: token.call)
            errorKey.set(.string(message), in: &data)
            instance.setData(data, of: token.call)
        }
        forward(token.id, to: onError, in: &instance, at: key)
    }
}
