import Expressions

/// Load-time checks of the actions of docs/reference/processes.md that tie a user task's pieces together:
/// an `upload` action and its `fileUpload` component, a file upload's limits, a `link`'s
/// address. (References to other files — `startProcess`'s process, `handler`'s Swift name —
/// are checked in `ProcessReferences`.)
enum ActionChecks {
    static func check(screen: [Component], actions: [ActionDefinition], _ diagnostics: Diagnostics) {
        let uploads = screen.flatMap(\.flattened).filter { $0.type == .fileUpload }
        for component in uploads {
            if let raw = component.properties["maxSize"], (raw.numberValue ?? 0) < 1 {
                diagnostics.error(at: component.pointer.appending("maxSize"), "must be a positive number of bytes, like 5242880 for 5 MB")
            }
            if let name = component.action, let action = actions.first(where: { $0.name == name }), action.kind != .upload {
                diagnostics.error(at: component.pointer.appending("action"), "\"\(name)\" is a \(action.kind.rawValue) action; a fileUpload's action must be an upload action")
            }
        }
        checkListButtons(screen, rows: 0, actions: actions, diagnostics)
        for action in actions {
            switch action.kind {
            case .upload:
                guard let key = action.key else { continue }
                if !uploads.contains(where: { $0.key?.description == key.description }) {
                    diagnostics.error(at: action.pointer.appending("key"), "no fileUpload component on this screen has the key \"\(key)\"")
                }
            case .link:
                if let url = action.url, !SafeLink.isSafe(url) {
                    diagnostics.error(at: action.pointer.appending("url"), "\"\(url)\" is not a safe address; use https://, http://, mailto:, tel: or a path on this server starting with /")
                }
            default:
                continue
            }
        }
    }

    /// A list's button names the rows it is in (`ListKey`): a Remove must be inside an item of
    /// the list, and a button for `groups[].people` inside a group's. Outside, it could never
    /// tell which row it meant, and every press would be refused.
    private static func checkListButtons(_ components: [Component], rows: Int, actions: [ActionDefinition],
                                         _ diagnostics: Diagnostics) {
        for component in components {
            if component.type == .button, let name = component.action,
               let action = actions.first(where: { $0.name == name }), let list = action.list, action.rowsPosted > rows {
                let around = action.kind == .removeItem ? "the collection that shows \(list)"
                    : "the collection of \(list.parts.dropLast().map(\.description).joined(separator: "[]."))"
                diagnostics.warning(at: component.pointer.appending("action"),
                                    "\"\(name)\" (\(action.kind.rawValue) of \(list)) needs the row this button is in: put the button inside an item of \(around)")
            }
            checkListButtons(component.children, rows: component.type == .collection ? rows + 1 : rows, actions: actions, diagnostics)
        }
    }
}
