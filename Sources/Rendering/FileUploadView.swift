import Definitions
import Expressions
import Template

/// The `fileUpload` component's view (docs/reference/components.md): what it accepts in words, its own upload
/// button, and the files already stored at its key, each a link with its size and a remove button.
extension ScreenViewBuilder {
    mutating func fillUpload(_ view: inout ComponentView, component: Component) {
        let rules = UploadRules(component)
        let limit = ui.size(rules.limit(global: state.uploadLimit))
        let types = ui.fileTypes(rules.typeWords)
        view.accept = rules.accept.isEmpty ? nil : rules.accept.joined(separator: ",")
        view.multiple = rules.multiple
        view.uploadHint = types.isEmpty
            ? ui.fill("uploadLimitAny", ["size": limit])
            : ui.fill("uploadLimit", ["types": ui.orList(types), "size": limit])
        view.uploadHintID = ids.reserve(view.id + "-limits")
        // The limits come right after the designer's hint, before any error.
        let described = [view.hint == nil ? nil : view.hintID, view.uploadHintID, view.invalid ? view.errorID : nil].compactMap { $0 }
        view.describedBy = described.joined(separator: " ")
        let uploadAction = component.action.flatMap { state.task.action(named: $0) }.flatMap { $0.kind == .upload ? $0 : nil }
        view.formAction = uploadAction.map { links.action(state.instanceID, $0.name) } ?? ""
        view.uploadLabel = text(component.properties["uploadLabel"]?.stringValue.map { Text($0) }) ?? ui[rules.multiple ? "uploadFiles" : "uploadFile"]
        let stored: [JSONValue] = switch component.key.map({ state.data.value(at: $0) }) {
        case .array(let items)?: items
        case .object(let fields)?: [.object(fields)]
        default: []
        }
        view.files = stored.compactMap { item -> UploadedFileView? in
            guard case .object(let fields) = item, let id = fields["id"]?.stringValue else { return nil }
            let name = fields["name"]?.stringValue ?? id
            return UploadedFileView(id: id, name: name, url: links.upload(id),
                                    size: ui.size(Int(fields["size"]?.numberValue ?? 0)),
                                    removeURL: view.disabled ? nil : uploadAction.map { links.action(state.instanceID, $0.name) },
                                    removeLabel: ui["remove"])
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
