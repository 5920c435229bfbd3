import DMN
@testable import FEEL
import Foundation
@testable import Definitions

/// TCK test values (`<value xsi:type="xsd:decimal">`, `<list>`, `<component>`) as FEEL
/// values, typed by `xsi:type` or else by the model's `typeRef`; and the comparison a TCK runner makes.
enum TCKValues {
    static let instanceNamespace = "http://www.w3.org/2001/XMLSchema-instance"

    /// What a value is read as: a simple type name, a structure, or a list of something.
    indirect enum Shape {
        case simple(String)
        case components([String: Shape])
        case list(Shape)
        case unknown
    }

    /// The shape a `typeRef` gives, through the model's item definitions.
    static func shape(_ typeRef: String?, in model: DMNDefinitions, depth: Int = 0) -> Shape {
        guard var name = typeRef?.trimmingCharacters(in: .whitespaces), depth < 16 else { return .unknown }
        if let colon = name.firstIndex(of: ":"), !name[..<colon].contains("<") { name = String(name[name.index(after: colon)...]) }
        if let definition = model.itemDefinition(named: name) { return shape(definition, in: model, depth: depth + 1) }
        if name.hasPrefix("list<"), name.hasSuffix(">") { return .list(shape(String(name.dropFirst(5).dropLast()), in: model, depth: depth + 1)) }
        return .simple(name)
    }

    static func shape(_ definition: ItemDefinition, in model: DMNDefinitions, depth: Int) -> Shape {
        var base: Shape
        if !definition.components.isEmpty {
            var fields: [String: Shape] = [:]
            for component in definition.components { fields[component.name] = shape(component, in: model, depth: depth + 1) }
            base = .components(fields)
        } else {
            base = shape(definition.typeRef, in: model, depth: depth + 1)
        }
        return definition.isCollection ? .list(base) : base
    }

    /// The value an `inputNode`, `expected` or `component` element holds.
    static func value(of element: XMLNode, shape: Shape) -> FEELValue {
        let ns = element.namespace
        if let list = element.child("list", in: ns) {
            var itemShape = Shape.unknown
            if case .list(let inner) = shape { itemShape = inner }
            return .list(list.children("item", in: ns).map { value(of: $0, shape: itemShape) })
        }
        let components = element.children("component", in: ns)
        if !components.isEmpty {
            var context = FEELContext()
            for component in components {
                let name = component.attribute("name") ?? ""
                var fieldShape = Shape.unknown
                if case .components(let fields) = shape { fieldShape = fields[name] ?? .unknown }
                context[name] = value(of: component, shape: fieldShape)
            }
            return .context(context)
        }
        guard let leaf = element.child("value", in: ns) else { return .null }
        if leaf.attribute("nil", in: instanceNamespace) == "true" { return .null }
        let text = leaf.text
        var kind = leaf.attribute("type", in: instanceNamespace).map { String($0.split(separator: ":").last ?? "") }
        if kind == nil, case .simple(let name) = shape { kind = name }
        switch kind {
        case "decimal", "double", "integer", "int", "long", "number", "float":
            return FEELNumber(text: text.trimmingCharacters(in: .whitespaces)).map(FEELValue.number) ?? .null
        case "boolean": return .bool(text.trimmingCharacters(in: .whitespaces) == "true")
        case "date": return TemporalParsing.date(text).map(FEELValue.date) ?? .string(text)
        case "dateTime", "date and time": return TemporalParsing.dateTime(text).map(FEELValue.dateTime) ?? .string(text)
        case "time": return TemporalParsing.time(text).map(FEELValue.time) ?? .string(text)
        case "duration", "dayTimeDuration", "yearMonthDuration", "days and time duration", "years and months duration":
            return TemporalParsing.duration(text) ?? .string(text)
        default: return .string(text)
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
