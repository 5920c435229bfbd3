@testable import FEEL
import Foundation
@testable import Definitions

/// TCK test values (`<value xsi:type="xsd:decimal">`, `<list>`, `<component>`) as FEEL
/// values, typed by `xsi:type` or else by the model's `typeRef`; and the comparison a TCK runner makes.
enum TCKValues {
    static let instanceNamespace = "http://www.w3.org/2001/XMLSchema-instance"

    /// What a `typeRef` names: a FEEL type or an item definition of the model.
    static func type(_ typeRef: String?, in model: TCKModel) -> TCKModel.ItemDefinition? {
        guard var name = typeRef else { return nil }
        if name.hasPrefix("feel:") { name = String(name.dropFirst(5)) }
        if let definition = model.itemDefinitions[name] { return definition }
        return .reference(name, collection: false)
    }

    /// The value an `inputNode`, `expected` or `component` element holds.
    static func value(of element: XMLNode, type: TCKModel.ItemDefinition?, in model: TCKModel) -> FEELValue {
        let ns = element.namespace
        if let list = element.child("list", in: ns) {
            let itemType = elementType(type, in: model)
            return .list(list.children("item", in: ns).map { value(of: $0, type: itemType, in: model) })
        }
        let components = element.children("component", in: ns)
        if !components.isEmpty {
            var context = FEELContext()
            for component in components {
                let name = component.attribute("name") ?? ""
                context[name] = value(of: component, type: componentType(type, name, in: model), in: model)
            }
            return .context(context)
        }
        guard let leaf = element.child("value", in: ns) else { return .null }
        if leaf.attribute("nil", in: instanceNamespace) == "true" { return .null }
        let text = leaf.text
        let declared = leaf.attribute("type", in: instanceNamespace).map { String($0.split(separator: ":").last ?? "") }
        var kind = declared
        if kind == nil, case .reference(let name, false)? = resolved(type, in: model) { kind = name }
        switch kind {
        case "decimal", "double", "integer", "int", "long", "number", "float":
            if let number = FEELNumber(text: text.trimmingCharacters(in: .whitespaces)) { return .number(number) }
            return .null
        case "boolean": return .bool(text.trimmingCharacters(in: .whitespaces) == "true")
        case "date": return TemporalParsing.date(text).map(FEELValue.date) ?? .string(text)
        case "dateTime", "date and time": return TemporalParsing.dateTime(text).map(FEELValue.dateTime) ?? .string(text)
        case "time": return TemporalParsing.time(text).map(FEELValue.time) ?? .string(text)
        case "duration", "dayTimeDuration", "yearMonthDuration", "days and time duration", "years and months duration":
            return TemporalParsing.duration(text) ?? .string(text)
        default: return .string(text)
        }
    }

    /// Follows references until a definition that is not a plain alias.
    static func resolved(_ type: TCKModel.ItemDefinition?, in model: TCKModel) -> TCKModel.ItemDefinition? {
        var current = type
        var hops = 0
        while case .reference(let name, false)? = current, let next = model.itemDefinitions[name], hops < 10 {
            current = next
            hops += 1
        }
        return current
    }

    private static func elementType(_ type: TCKModel.ItemDefinition?, in model: TCKModel) -> TCKModel.ItemDefinition? {
        switch resolved(type, in: model) {
        case .reference(let name, true)?: return self.type(name, in: model)
        case .components(let fields, true)?: return .components(fields, collection: false)
        default: return nil
        }
    }

    private static func componentType(_ type: TCKModel.ItemDefinition?, _ name: String, in model: TCKModel) -> TCKModel.ItemDefinition? {
        guard case .components(let fields, _)? = resolved(type, in: model) else { return nil }
        return fields.first { $0.0 == name }.map { $0.1 }
    }

    /// The FEEL type a `typeRef` stands for, to coerce a decision's result (nil: no constraint known).
    static func feelType(_ type: TCKModel.ItemDefinition?, in model: TCKModel, depth: Int = 0) -> FEELType? {
        guard depth < 10, let type = resolved(type, in: model) else { return nil }
        switch type {
        case .reference(let name, let collection):
            let base: FEELType
            if let definition = model.itemDefinitions[name] {
                guard let inner = feelType(definition, in: model, depth: depth + 1) else { return nil }
                base = inner
            } else if let simple = FEELType.simple(name) {
                base = simple
            } else {
                return nil
            }
            return collection ? .list(base) : base
        case .components(let fields, let collection):
            var types: [String: FEELType] = [:]
            for (name, field) in fields { types[name] = feelType(field, in: model, depth: depth + 1) ?? .any }
            return collection ? .list(.context(types)) : .context(types)
        case .function(let collection):
            return collection ? .list(.function([], .any)) : .function([], .any)
        }
    }

    /// The result as a TCK runner compares it: numbers exactly, except that an expected number
    /// with eight or more decimals was itself computed (an irrational cut to its decimals, or
    /// a binary floating point result of the engine that wrote the test): it matches the value
    /// rounded or cut to its decimals, or within a relative 1e-10.
    static func matches(_ actual: FEELValue, _ expected: FEELValue) -> Bool {
        switch (actual, expected) {
        case (.number(let a), .number(let e)):
            if a == e { return true }
            let decimals = -Int(e.exponent)
            guard decimals >= 8 else { return false }
            if [RoundingMode.halfEven, .halfUp, .down].contains(where: { a.rounded(scale: decimals, mode: $0) == e }) { return true }
            guard let difference = a - e, let allowed = e.magnitude * FEELNumber(text: "1e-10")! else { return false }
            return difference.magnitude <= allowed
        case (.list(let a), .list(let e)):
            return a.count == e.count && zip(a, e).allSatisfy(matches)
        case (.context(let a), .context(let e)):
            return a.count == e.count && e.keys.allSatisfy { key in a[key].map { matches($0, e[key]!) } ?? false }
        case (.dateTime(let a), .dateTime(let e)):
            return a == e || Comparisons.equal(actual, expected) == true
        default:
            return Comparisons.equal(actual, expected) == true
        }
    }
}
