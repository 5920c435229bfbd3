import Definitions
import Expressions

/// `serviceTask`: call the Swift handler; on failure go to `onError` or fail the instance.
extension TokenRunner {
    mutating func serviceTask(_ service: ServiceTask, node: Node, token: Token, key: String,
                              process: ProcessDefinition, _ instance: inout Instance) {
        let message: String
        if let handler = handlers[service.handler] {
            do {
                let data = try handler(ServiceRequest(data: instance.data(of: token.call), process: process.name, node: node.id))
                instance.setData(data, of: token.call)
                return forward(token.id, to: node.next, in: &instance, at: key)
            } catch let failure as ServiceFailure {
                message = failure.message
            } catch {
                message = String(describing: error)
            }
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
