/// Checks that need more than one process file: the process a call activity names, and the
/// Swift handler a service task names.
enum ProcessReferences {
    /// `known` holds every process name found, including those of files with errors, so a
    /// broken called process is reported once, in its own file.
    /// A service task a mock, a decision or example data answers needs no handler.
    static func check(_ processes: [ProcessDefinition], known: Set<String>, handlers: Set<String>?,
                      actionHandlers: Set<String> = [], mocks: Set<String> = [], errors: inout [LoadError], warnings: inout [LoadError]) {
        for process in processes {
            for node in process.nodes {
                if case .userTask(let task) = node.kind {
                    checkActions(task, in: process, known: known, actionHandlers: actionHandlers, errors: &errors)
                }
                switch node.kind {
                case .callActivity(let call) where !known.contains(call.process):
                    errors.append(LoadError(file: process.file, pointer: node.pointer.appending("process").description,
                                            message: "no process is named \"\(call.process)\"; name one of \(list(known))"))
                case .serviceTask(let service) where !service.standIn && service.decision == nil && service.example == nil
                                                     && !service.handlerNames.contains(where: mocks.contains):
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

    /// `startProcess` names a process of the project; `handler` a Swift action handler
    /// (`ProcessEngine.Configuration.actionHandlers`): unknown names are load errors.
    private static func checkActions(_ task: UserTask, in process: ProcessDefinition, known: Set<String>,
                                     actionHandlers: Set<String>, errors: inout [LoadError]) {
        for action in task.actions {
            if action.kind == .startProcess, let name = action.process, !known.contains(name) {
                errors.append(LoadError(file: process.file, pointer: action.pointer.appending("process").description,
                                        message: "no process is named \"\(name)\"; name one of \(list(known))"))
            }
            if action.kind == .handler, let name = action.handler, !actionHandlers.contains(name) {
                errors.append(LoadError(file: process.file, pointer: action.pointer.appending("handler").description,
                                        message: "no action handler is registered as \"\(name)\"; register it in ProcessEngine.Configuration.actionHandlers (known: \(list(actionHandlers)))"))
            }
        }
    }

    private static func list(_ names: Set<String>) -> String {
        names.isEmpty ? "(none)" : names.sorted().map { "\"\($0)\"" }.joined(separator: ", ")
    }
}
