import Definitions

/// What the runtime refuses, with a sentence a user can act on.
public enum RuntimeError: Error, Sendable, Equatable, CustomStringConvertible {
    case unknownProcess(String)
    case missingParameter(process: String, key: String)
    /// Not found, or owned by another session: the two are never told apart.
    case instanceNotFound
    case unknownAction(String)
    case store(StoreError)
    /// An uploaded file could not be kept (disk full, folder not writable); nothing was stored.
    case uploadStorage(String)
    /// "Restart from here" at a step the instance cannot replay up to (`Instance.canRestart`).
    case cannotRestart(step: Int)

    public var description: String {
        switch self {
        case .unknownProcess(let name): "There is no process named “\(name)” in this project."
        case .missingParameter(let process, let key): "“\(process)” needs the start parameter “\(key)”."
        case .instanceNotFound: "There is no such instance in this session. It may have been stopped, or started in another browser."
        case .unknownAction(let name): "This screen has no action named “\(name)”."
        case .store(let error): "Your change could not be saved (\(error)). Try again."
        case .uploadStorage(let reason): "The file could not be stored on the server (\(reason)), so nothing was saved. Try again."
        case .cannotRestart(let step): "This instance cannot restart at step \(step): its history does not reach back that far whole. Start the process again from the catalogue."
        }
    }
}

/// What came of posting an action.
public enum ActionResult: Sendable {
    /// Applied and saved; show the instance again (HTTP 303).
    case applied(Instance)
    /// Validation failed; nothing was saved. Show this screen with its errors (HTTP 422).
    case invalid(ScreenState)
    /// Not applied, with a notice for the current screen: a stale post, back refused, an unsupported action.
    case refused(Instance, notice: String)
    /// A `dismiss` action of a modal process: nothing changed; show the close confirmation.
    case dismissed(Instance)
    /// A `startProcess` action started `child` (owned by the same session); show it. When
    /// the child ends, the browser returns to `parent`.
    case started(parent: Instance, child: Instance)
    /// A `link` action posted anyway (it renders as a link): go to `url`, already checked to
    /// be a safe address.
    case link(Instance, url: String)
}

/// A posted form as name/value pairs in order; repeated names carry several choices.
public struct PostedForm: Sendable {
    public var fields: [(name: String, value: String)]
    /// Files posted with a multipart form (or a scenario step's `uploads`).
    public var files: [PostedFile]

    public init(_ fields: [(name: String, value: String)], files: [PostedFile] = []) {
        self.fields = fields
        self.files = files
    }

    /// The files posted under `name`, in order.
    public func files(_ name: String) -> [PostedFile] {
        files.filter { $0.fieldName == name }
    }

    public func values(_ name: String) -> [String] {
        var found: [String] = []   // one pass, and no array at all for a name not posted
        for field in fields where field.name == name { found.append(field.value) }
        return found
    }

    public func contains(_ name: String) -> Bool {
        fields.contains { $0.name == name }
    }
}
