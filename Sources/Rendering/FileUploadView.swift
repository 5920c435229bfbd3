import Definitions
import Expressions
import Synchronization
import Template

/// The `fileUpload` component's view (docs/reference/components.md): what it accepts in words, its own upload
/// button, and the files already stored at its key, each a link with its size and a remove button.
extension ScreenViewBuilder {
    mutating func fillUpload(_ view: inout ComponentView, component: Component) {
        let rules = UploadRules(component)
        view.accept = rules.accept.isEmpty ? nil : rules.accept.joined(separator: ",")
        view.multiple = rules.multiple
        view.uploadHint = UploadText.hint(rules, ui: ui, globalLimit: state.uploadLimit)
        view.uploadHintID = ids.reserve(view.id + "-limits")
        // The limits come right after the designer's hint, before any error.
        let described = [view.hint == nil ? nil : view.hintID, view.uploadHintID, view.invalid ? view.errorID : nil].compactMap { $0 }
        view.describedBy = described.joined(separator: " ")
        view.formAction = PostTarget(component, task: state.task)?.url(links, instance: state.instanceID) ?? ""
        view.uploadLabel = text(component.text("uploadLabel")) ?? ui[rules.multiple ? "uploadFiles" : "uploadFile"]
        view.files = UploadText.files(component.key.map { state.data.value(at: $0) }, ui: ui, links: links,
                                      removeURL: view.disabled ? nil : view.formAction.isEmpty ? nil : view.formAction)
    }
}

/// A specialized upload's limits in words, written once per server limit (the same on every
/// page a server draws) rather than per request.
final class UploadHint: Sendable {
    let rules: UploadRules
    let words: Words
    private let last = Mutex<(limit: Int, text: String)?>(nil)

    init(_ rules: UploadRules, words: Words) {
        self.rules = rules
        self.words = words
    }

    func text(globalLimit: Int) -> String {
        if let last = last.withLock({ $0 }), last.limit == globalLimit { return last.text }
        let text = UploadText.hint(rules, ui: words, globalLimit: globalLimit)
        last.withLock { $0 = (globalLimit, text) }
        return text
    }
}

/// What a `fileUpload` shows that depends on the request, for the general path and the
/// specialized one (`ComponentRequestRule.upload`) alike.
enum UploadText {
    /// "PDF or PNG, up to 5 MB": the limit is the component's, never above the server's.
    static func hint(_ rules: UploadRules, ui: Words, globalLimit: Int) -> String {
        let limit = ui.size(rules.limit(global: globalLimit))
        let types = ui.fileTypes(rules.typeWords)
        return types.isEmpty ? ui.fill("uploadLimitAny", ["size": limit]) : ui.fill("uploadLimit", ["types": ui.orList(types), "size": limit])
    }

    /// The component's upload action (it also removes files), if it names one.
    static func action(_ component: Component, task: UserTask) -> String? {
        component.action.flatMap { task.action(named: $0) }.flatMap { $0.kind == .upload ? $0.name : nil }
    }

    /// The files stored at the component's key, each a link with its size and a remove button
    /// posting to `removeURL` (none when nil).
    static func files(_ stored: JSONValue?, ui: Words, links: any PageLinks, removeURL: String?) -> [UploadedFileView] {
        let items: [JSONValue] = switch stored {
        case .array(let items)?: items
        case .object(let fields)?: [.object(fields)]
        default: []
        }
        guard !items.isEmpty else { return [] }
        let removeLabel = ui["remove"]
        // Members found by comparing keys (`JSONValue.member`), not by hashing each name.
        return items.compactMap { item -> UploadedFileView? in
            guard case .object(let fields) = item, let id = JSONValue.member("id", of: fields)?.stringValue else { return nil }
            let name = JSONValue.member("name", of: fields)?.stringValue ?? id
            let size = Int(JSONValue.member("size", of: fields)?.numberValue ?? 0)
            return UploadedFileView(id: id, name: name, url: links.upload(id), size: ui.size(size),
                                    removeURL: removeURL, removeLabel: removeLabel)
        }
    }
}

/// One stored file in a `fileUpload`'s list. Every key is answered here (never falling back
/// to the enclosing component, whose `url` or `id` mean something else).
final class UploadedFileView: TemplateContext {
    let id: String
    let name: String
    let url: String?
    let size: String
    let removeURL: String?
    let removeLabel: String

    init(id: String, name: String, url: String?, size: String, removeURL: String?, removeLabel: String) {
        self.id = id; self.name = name; self.url = url; self.size = size
        self.removeURL = removeURL; self.removeLabel = removeLabel
    }

    func value(for key: TemplateKey) -> TemplateValue? {
        switch ViewKey(key) {
        case .id: .text(id)
        case .name: .text(name)
        case .url: url.map(TemplateValue.text) ?? .bool(false)
        case .size: .text(size)
        case .removeURL: removeURL.map(TemplateValue.text) ?? .bool(false)
        case .removeLabel: .text(removeLabel)
        default: nil
        }
    }
}
