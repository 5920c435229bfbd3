import Definitions
import Expressions
import Template

/// The Swift half of custom components (docs/reference/components.md, "Custom components"): a host registers a
/// view-model provider per `identifier`. It is asked first; the project's
/// `templates/custom/<identifier>.mustache` comes second, the placeholder last.
///
/// The posting half (the keys a component posts and its validator) is `CustomComponentFields`
/// in Runtime: the renderer knows nothing of posts, the runtime nothing of HTML.
public struct CustomComponentRegistry: Sendable {
    /// What a provider gets: the component's data (the values under `inputKeys`), the URLs of
    /// its actions, and the field state the page already computed.
    public struct Input: Sendable {
        public let identifier: String
        /// The HTML id the component should give its main control (error-summary links use it).
        public let id: String
        public let label: String
        /// `inputKeys` → their current values.
        public let data: [String: JSONValue]
        /// `actions` (user-task action names) → the URL a `formaction` posts to.
        public let actions: [String: String]
        /// The first error on any of the `inputKeys`, already in the page's language.
        public let error: String?
        public let disabled: Bool
        public let language: String
        /// The component's other properties, as written.
        public let properties: [String: JSONValue]
    }

    public enum Output: Sendable {
        /// Values the project's `templates/custom/<identifier>.mustache` reads, on top of the
        /// usual component view (`id`, `label`, `error`, `ui`…).
        case values([String: TemplateValue])
        /// Finished HTML, written as it is: the provider must escape what it interpolates.
        case html(String)
    }

    public typealias Provider = @Sendable (Input) -> Output

    private var providers: [String: Provider] = [:]

    public init() {}

    public mutating func register(_ identifier: String, provider: @escaping Provider) {
        providers[identifier] = provider
    }

    public func provider(for identifier: String) -> Provider? { providers[identifier] }

    /// Whether `component` renders as more than the "Component not supported" placeholder.
    public func renders(_ component: Component, templates: TemplateSet) -> Bool {
        guard component.type == .custom, let identifier = component.properties["identifier"]?.stringValue else {
            return templates.renders(component)
        }
        if providers[identifier] != nil, templates.custom[identifier] != nil { return true }
        return templates.renders(component)
    }
}

/// A provider's values over the component's own view: the provider wins on a shared name.
final class CustomComponentContext: TemplateContext {
    let values: [String: TemplateValue]
    let component: ComponentViewContext

    init(values: [String: TemplateValue], view: ComponentView) {
        self.values = values
        self.component = ComponentViewContext(view)
    }

    func value(for key: TemplateKey) -> TemplateValue? { values[key.text] ?? component.value(for: key) }
}

extension ScreenViewBuilder {
    /// A custom component through its Swift provider, or nil when none is registered (or its
    /// values have no template to go in).
    func customView(_ view: ComponentView, _ component: Component, resolved: ResolvedComponent) -> TemplateValue? {
        guard let provider = customComponents.provider(for: view.identifier) else { return nil }
        let keys = (component.properties["inputKeys"]?.arrayValue ?? []).compactMap { $0.stringValue }
        var data: [String: JSONValue] = [:]
        var error: String?
        for key in keys {
            guard let path = try? DataPath(key) else { continue }
            data[key] = state.data.value(at: path)
            error = error ?? state.errors(for: path).first?.message
        }
        var actions: [String: String] = [:]
        for name in (component.properties["actions"]?.arrayValue ?? []).compactMap({ $0.stringValue }) {
            actions[name] = links.action(state.instanceID, name)
        }
        let input = CustomComponentRegistry.Input(identifier: view.identifier, id: view.id, label: view.label, data: data,
                                                  actions: actions, error: error, disabled: resolved.disabled,
                                                  language: state.language, properties: component.properties)
        switch provider(input) {
        case .html(let html):
            return .embed(templates.markup, KeyedView([.html: .html(html)]))
        case .values(let values):
            guard let template = templates.custom[view.identifier] else { return nil }
            var view = view
            view.error = error
            view.invalid = error != nil
            return .embed(template, CustomComponentContext(values: values, view: view))
        }
    }
}
