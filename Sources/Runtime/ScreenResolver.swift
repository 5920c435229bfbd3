import Definitions
import Expressions

/// Evaluates `hide` and `disabled` for a screen: what is shown and what may be posted.
enum ScreenResolver {
    static func resolve(_ components: [Component], data: JSONValue, evaluator: inout Evaluator,
                        parentDisabled: Bool = false) -> [ResolvedComponent] {
        components.compactMap { component in
            if evaluator.isTrue(component.hide, data: data, otherwise: false) { return nil }
            let disabled = parentDisabled || evaluator.isTrue(component.disabled, data: data, otherwise: false)
            let children = resolve(component.children, data: data, evaluator: &evaluator, parentDisabled: disabled)
            let defaultValue = component.defaultValue.map { evaluator.evaluate($0, data: data) }
            return ResolvedComponent(definition: component, disabled: disabled, defaultValue: defaultValue, children: children)
        }
    }

    /// Fields that accept posted values: visible, enabled and bound to a key.
    static func postableFields(_ resolved: [ResolvedComponent]) -> [Component] {
        resolved.flatMap(\.flattened).filter { !$0.disabled && $0.definition.type.isField && $0.definition.key != nil }
            .map(\.definition)
    }
}
