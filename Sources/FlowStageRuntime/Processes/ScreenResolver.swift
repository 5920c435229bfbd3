import Definitions
import Expressions

/// Evaluates `hide` and `disabled` for a screen: what is shown and what may be posted.
enum ScreenResolver {
    static func resolve(_ components: [Component], data: JSONValue, evaluator: inout Evaluator) -> [ResolvedComponent] {
        let shown = shownData(components, data: data, evaluator: &evaluator)
        return resolve(components, data: data, shown: shown, evaluator: &evaluator, parentDisabled: false, item: nil, index: nil)
    }

    /// `hide` and `disabled` read `shown`; defaults and collections read `data`.
    private static func resolve(_ components: [Component], data: JSONValue, shown: JSONValue, evaluator: inout Evaluator,
                                parentDisabled: Bool, item: JSONValue?, index: Int?) -> [ResolvedComponent] {
        // Inside a collection item, expressions see `$item` and `$index`; keys are already rebased.
        // A loop into a reserved array: `compactMap` grew its result an element at a time.
        var resolved: [ResolvedComponent] = []
        resolved.reserveCapacity(components.count)
        for component in components {
            if evaluator.hides(component.hide, data: shown, item: item, index: index) { continue }
            let disabled = parentDisabled || evaluator.hides(component.disabled, data: shown, item: item, index: index)
            let defaultValue = component.defaultValue.map { evaluator.evaluate($0, data: data, item: item, index: index) }
            if component.type == .collection {
                resolved.append(resolveCollection(component, data: data, shown: shown, evaluator: &evaluator, disabled: disabled))
                continue
            }
            let children = component.children.isEmpty ? []
                : resolve(component.children, data: data, shown: shown, evaluator: &evaluator, parentDisabled: disabled, item: item, index: index)
            resolved.append(ResolvedComponent(definition: component, disabled: disabled, defaultValue: defaultValue, children: children))
        }
        return resolved
    }

    /// The data as the page shows it: a field with nothing stored shows its `default`, so a
    /// condition on that field sees the default (a switch on by default reveals what it
    /// governs), as form-js fills its data with defaults before its conditions run. Fields
    /// inside a collection's items keep their stored values.
    /// A screen without conditions reads nothing of it: its defaults are then evaluated only
    /// once, for the fields that show them.
    static func shownData(_ components: [Component], data: JSONValue, evaluator: inout Evaluator) -> JSONValue {
        guard hasConditions(components) else { return data }
        var shown = data
        func visit(_ components: [Component]) {
            for component in components {
                if let expression = component.defaultValue, let key = component.key, key.get(in: data) == .null {
                    let value = evaluator.evaluate(expression, data: data)
                    if value != .null { key.set(value, in: &shown) }
                }
                if component.type != .collection { visit(component.children) }
            }
        }
        visit(components)
        return shown
    }

    /// Whether any component, a collection's items' too, has a `hide` or `disabled` condition.
    private static func hasConditions(_ components: [Component]) -> Bool {
        components.contains { $0.hide != nil || $0.disabled != nil || hasConditions($0.children) }
    }

    /// Whether resolving `components` reads anything (data, the clock): an expression to
    /// evaluate (`hide`, `disabled`, `default`) or a collection's items. When not, `resolve`
    /// gives the same components whatever the data (`ResolvedScreens`).
    static func readsData(_ components: [Component]) -> Bool {
        components.contains { component in
            component.hide != nil || component.disabled != nil || component.defaultValue != nil
                || component.type == .collection || readsData(component.children)
        }
    }

    /// The data paths resolving `components` reads, each once: its expressions' (those inside a
    /// collection's items too, but `$item` and `$index`, which the collection's own source holds)
    /// and its collections' sources. With the language, their values decide the result
    /// (`ResolvedScreens`); nil when an expression asks the clock or a path cannot be told.
    static func paths(_ components: [Component]) -> [DataPath]? {
        var found: [DataPath] = []
        let conditions = hasConditions(components)
        func visit(_ components: [Component], inItems: Bool) -> Bool {
            for component in components {
                // Whether a field with a default holds a value decides what the conditions see (`shownData`).
                if conditions, !inItems, component.defaultValue != nil, let key = component.key, !found.contains(key) { found.append(key) }
                for expression in [component.hide, component.disabled, component.defaultValue].compactMap({ $0 }) {
                    if expression.readsClock { return false }
                    for written in expression.readPaths {
                        guard let path = try? DataPath(written) else { return false }
                        if !found.contains(path) { found.append(path) }
                    }
                }
                if component.type == .collection, let source = component.source,
                   source.segments.first != .key("$item"), source.segments.first != .key("$index"), !found.contains(source) {
                    found.append(source)
                }
                if !visit(component.children, inItems: inItems || component.type == .collection) { return false }
            }
            return true
        }
        return visit(components, inItems: false) ? found : nil
    }

    /// One item per element of the array at `source`, its components rebased under
    /// `source[i]`; a collection with `selectKey` also gets the radio field that stores the choice.
    private static func resolveCollection(_ component: Component, data: JSONValue, shown: JSONValue, evaluator: inout Evaluator,
                                          disabled: Bool) -> ResolvedComponent {
        var resolved = ResolvedComponent(definition: component, disabled: disabled, children: [])
        guard let source = component.source,
              case .array(let elements) = source.get(in: data) else { return resolved }
        let rows = elements.prefix(DataPath.maximumIndex + 1)
        // The evaluator hands expressions `$item` and `$index`; a collection inside an item reads
        // its source from the data, rebased under the item (`Component.rebased`).
        resolved.items = rows.enumerated().map { index, element in
            ResolvedItem(index: index, value: element,
                         components: resolve(component.item(index), data: data, shown: shown, evaluator: &evaluator,
                                             parentDisabled: disabled, item: element, index: index))
        }
        resolved.selection = component.selectionField(items: rows)
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
