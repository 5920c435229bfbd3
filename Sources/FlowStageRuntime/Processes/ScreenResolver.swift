import Definitions
import Expressions

/// Evaluates `hide` and `disabled` for a screen: what is shown and what may be posted.
enum ScreenResolver {
    static func resolve(_ components: [Component], data: JSONValue, evaluator: inout Evaluator,
                        parentDisabled: Bool = false, item: JSONValue? = nil) -> [ResolvedComponent] {
        // Inside a collection item, expressions see `$item`; keys are already rebased.
        // A loop into a reserved array: `compactMap` grew its result an element at a time.
        var resolved: [ResolvedComponent] = []
        resolved.reserveCapacity(components.count)
        for component in components {
            if evaluator.isTrue(component.hide, data: data, otherwise: false, item: item) { continue }
            let disabled = parentDisabled || evaluator.isTrue(component.disabled, data: data, otherwise: false, item: item)
            let defaultValue = component.defaultValue.map { evaluator.evaluate($0, data: data, item: item) }
            if component.type == .collection {
                resolved.append(resolveCollection(component, data: data, evaluator: &evaluator, disabled: disabled))
                continue
            }
            let children = component.children.isEmpty ? []
                : resolve(component.children, data: data, evaluator: &evaluator, parentDisabled: disabled, item: item)
            resolved.append(ResolvedComponent(definition: component, disabled: disabled, defaultValue: defaultValue, children: children))
        }
        return resolved
    }

    /// Whether resolving `components` reads anything (data, the clock): an expression to
    /// evaluate (`hide`, `disabled`, `default`) or a collection's items. When not, `resolve`
    /// gives the same components whatever the data (`FixedScreens`).
    static func readsData(_ components: [Component]) -> Bool {
        components.contains { component in
            component.hide != nil || component.disabled != nil || component.defaultValue != nil
                || component.type == .collection || readsData(component.children)
        }
    }

    /// One item per element of the array at `source`, its components rebased under
    /// `source[i]`; a collection with `selectKey` also gets the radio field that stores the choice.
    private static func resolveCollection(_ component: Component, data: JSONValue, evaluator: inout Evaluator,
                                          disabled: Bool) -> ResolvedComponent {
        var resolved = ResolvedComponent(definition: component, disabled: disabled, children: [])
        guard let source = component.source,
              case .array(let elements) = source.get(in: data) else { return resolved }
        let shown = elements.prefix(DataPath.maximumIndex + 1)
        resolved.items = shown.enumerated().map { index, element in
            // Expressions in an item see `$index` too, as its texts do.
            ResolvedItem(index: index, value: element,
                         components: resolve(component.item(index), data: ResolvedItem.scope(data, item: element, index: index),
                                             evaluator: &evaluator, parentDisabled: disabled, item: element))
        }
        resolved.selection = component.selectionField(items: shown.enumerated().map { ($0.offset, $0.element) })
        return resolved
    }

    /// Fields that accept posted values: visible, enabled and bound to a key (a collection's
    /// item choice included).
    /// Runs on every post, so it walks the tree in place instead of building `flattened`.
    static func postableFields(_ resolved: [ResolvedComponent]) -> [Component] {
        var fields: [Component] = []
        func visit(_ components: [ResolvedComponent]) {
            for component in components {
                if !component.disabled {
                    if let selection = component.selection {
                        fields.append(selection)
                    } else if component.definition.type.isField && component.definition.key != nil {
                        fields.append(component.definition)
                    }
                }
                visit(component.children)
                for item in component.items { visit(item.components) }
            }
        }
        visit(resolved)
        return fields
    }
}
