/// Checks that need more than one process file: the process a call activity names, and the
/// Swift handler a service task names.
enum ProcessReferences {
    /// `known` holds every process name found, including those of files with errors, so a
    /// broken called process is reported once, in its own file.
    static func check(_ processes: [ProcessDefinition], known: Set<String>, handlers: Set<String>?,
                      errors: inout [LoadError], warnings: inout [LoadError]) {
        for process in processes {
            for node in process.nodes {
                switch node.kind {
                case .callActivity(let call) where !known.contains(call.process):
                    errors.append(LoadError(file: process.file, pointer: node.pointer.appending("process").description,
                                            message: "no process is named \"\(call.process)\"; name one of \(list(known))"))
                case .serviceTask(let service):
                    guard let handlers else {
                        warnings.append(LoadError(
                            file: process.file, pointer: node.pointer.appending("handler").description,
                            message: "handler \"\(service.handler)\" cannot be checked here: no Swift handlers are registered, so an instance reaching this node fails unless a host registers it in ProcessEngine.Configuration.serviceHandlers"))
                        continue
                    }
                    if !handlers.contains(service.handler) {
                        errors.append(LoadError(
                            file: process.file, pointer: node.pointer.appending("handler").description,
                            message: "no service handler is registered as \"\(service.handler)\"; register it in ProcessEngine.Configuration.serviceHandlers or use one of \(list(handlers))"))
                    }
                default:
                    continue
                }
            }
        }
    }

    private static func list(_ names: Set<String>) -> String {
        names.isEmpty ? "(none)" : names.sorted().map { "\"\($0)\"" }.joined(separator: ", ")
    }
}
