import Definitions
import Expressions

/// The files of one post, checked against their `fileUpload` components before anything is
/// stored (docs/reference/components.md `accept`/`maxSize`/`multiple`, docs/reference/http.md: type by extension *and* by
/// content). Checking everything first is what keeps a refused post from storing anything.
struct UploadIntake {
    /// One component's accepted files and the ids the post removes from it.
    struct Change {
        let key: DataPath
        let multiple: Bool
        var files: [(file: PostedFile, type: FileType)]
        var removed: [String]
    }

    private(set) var changes: [Change] = []
    private(set) var errors: [FieldError] = []

    /// `fields` are the postable components the action reads; `required` is the key of an
    /// `upload` action, which needs a file (or a removal). `label` words a component.
    init(fields: [Component], form: PostedForm, data: JSONValue, required: DataPath?, globalLimit: Int,
         words: Words, label: (Component) -> String) {
        let removals = Set(form.values("_remove"))
        for field in fields where field.type == .fileUpload {
            guard let key = field.key else { continue }
            let rules = UploadRules(field)
            let posted = form.files(key.description)
            let name = label(field)
            let existing = Self.ids(in: key.get(in: data))
            let removed = existing.filter(removals.contains)
            func refuse(_ message: String) { errors.append(FieldError(key: key.description, message: message)) }

            if posted.isEmpty {
                if required?.description == key.description, removed.isEmpty {
                    refuse(UploadMessages.text(.missing, words: words, label: name))
                }
                if !removed.isEmpty { changes.append(Change(key: key, multiple: rules.multiple, files: [], removed: removed)) }
                continue
            }
            if !rules.multiple, posted.count > 1 {
                refuse(UploadMessages.text(.onlyOne, words: words, label: name))
                continue
            }
            if rules.multiple, existing.count - removed.count + posted.count > UploadRules.maxFiles {
                refuse(UploadMessages.text(.tooMany, words: words, label: name, count: UploadRules.maxFiles))
                continue
            }
            var accepted: [(file: PostedFile, type: FileType)] = []
            for file in posted {
                if let problem = Self.problem(file, rules: rules, globalLimit: globalLimit, words: words, label: name) {
                    refuse(problem)
                    break
                }
                if let type = FileType.forFileName(file.fileName) { accepted.append((file, type)) }
            }
            if accepted.count == posted.count {
                changes.append(Change(key: key, multiple: rules.multiple, files: accepted, removed: removed))
            }
        }
    }

    /// Why `file` may not be kept, or nil: empty, too big, a type `accept` does not list, or
    /// content that is not what the extension says (a PDF renamed `.png`).
    static func problem(_ file: PostedFile, rules: UploadRules, globalLimit: Int, words: Words, label: String) -> String? {
        if file.size == 0 { return UploadMessages.text(.empty, words: words, label: label, name: file.fileName) }
        let limit = rules.limit(global: globalLimit)
        if file.size > limit {
            return UploadMessages.text(.tooBig, words: words, label: label, name: file.fileName, size: words.size(limit))
        }
        guard let type = FileType.forFileName(file.fileName), rules.allows(type) else {
            return UploadMessages.text(.wrongType, words: words, label: label, name: file.fileName, types: rules.typeWords)
        }
        if FileType.sniff(file.head(512)) != type.signature {
            return UploadMessages.text(.contentMismatch, words: words, label: label, name: file.fileName,
                                       types: rules.accept.isEmpty ? [type.label] : rules.typeWords)
        }
        return nil
    }

    /// The ids of the file metadata stored at a key (one object, or a list of them).
    static func ids(in value: JSONValue) -> [String] {
        switch value {
        case .object(let fields): fields["id"]?.stringValue.map { [$0] } ?? []
        case .array(let items): items.flatMap(ids(in:))
        default: []
        }
    }

    /// Stores the accepted files and writes their metadata into `data`. Returns the new ids
    /// (to delete if the action is not saved after all) and the ids no longer referenced (to
    /// delete once it is). Either every file is stored or none is.
    func store(into data: inout JSONValue, uploads: any UploadStore, session: String,
               instance: String) throws(RuntimeError) -> (stored: [String], dropped: [String]) {
        var stored: [String] = []
        var dropped: [String] = []
        for change in changes {
            var kept: [JSONValue] = switch change.key.get(in: data) {
            case .array(let items): items
            case .object(let fields): [.object(fields)]
            default: []
            }
            kept.removeAll { Self.ids(in: $0).contains(where: change.removed.contains) }
            dropped += change.removed
            for (file, type) in change.files {
                do {
                    let upload = try uploads.put(file, contentType: type.mime, session: session, instance: instance)
                    stored.append(upload.id)
                    if !change.multiple { dropped += kept.flatMap(Self.ids(in:)); kept = [] }
                    kept.append(upload.metadata)
                } catch {
                    uploads.delete(stored)
                    throw error
                }
            }
            change.key.set(change.multiple ? .array(kept) : (kept.last ?? .null), in: &data)
        }
        return (stored, dropped)
    }
}
