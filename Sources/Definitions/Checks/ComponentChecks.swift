import Expressions

/// Load-time checks of the properties the newer catalogue components rely on (docs/reference/components.md),
/// so a mistake is a load error at the component, not a broken page.
enum ComponentChecks {
    static let tableFormats = TableColumnDefinition.Format.allCases.map(\.rawValue)

    static func check(_ type: ComponentType, _ reader: ObjectReader) {
        let diagnostics = reader.diagnostics
        switch type {
        case .slider:
            let min = reader.number("min"), max = reader.number("max")
            if let step = reader.number("step"), step <= 0 {
                diagnostics.error(at: reader.at("step"), "a slider's step must be more than 0")
            }
            if let min, let max, min >= max {
                diagnostics.error(at: reader.at("max"), "a slider's max must be more than its min (\(JSONValue.number(min).displayString))")
            }
            _ = reader.bool("showValue")
        case .datepicker:
            for bound in ["min", "max"] {
                guard let text = reader.string(bound) else { continue }
                if DateBound(text) == nil {
                    diagnostics.error(at: reader.at(bound), "\"\(text)\" is not a date bound; write an ISO date like 2025-01-31 or \"today\"")
                }
            }
        case .table:
            reader.pathOrFEEL("source", required: "A table")
            if !reader.has("caption") { reader.missing("caption", "A table (it names the table for screen readers)") }
            // Columns computed by FEEL (form-js's `columnsExpression`) are checked when shown.
            if case .object? = reader.value("columns") { _ = reader.expression("columns"); return }
            guard let columns = reader.array("columns") else { reader.missing("columns", "A table"); return }
            if columns.isEmpty { diagnostics.error(at: reader.at("columns"), "a table needs at least one column") }
            for column in columns {
                guard let columnReader = ObjectReader(column.value, at: column.pointer, diagnostics, what: "A column") else { continue }
                _ = columnReader.path("key", required: "A column")
                _ = columnReader.string("label", required: "A column")
                _ = columnReader.oneOf("format", tableFormats)
            }
        case .collection:
            _ = reader.path("source", required: "A collection")
            _ = reader.path("selectKey")
            _ = reader.path("selectValue")
            if !reader.has("item") && !reader.has("children") { reader.missing("item", "A collection") }
        case .textarea:
            if let max = reader.int("maxLength"), max < 1 {
                diagnostics.error(at: reader.at("maxLength"), "maxLength must be 1 or more")
            }
        default:
            break
        }
    }
}

/// A datepicker's `min` or `max`: a fixed ISO date or the day the screen is shown.
public enum DateBound: Sendable, Equatable {
    case date(CivilDate)
    case today

    public init?(_ text: String) {
        if text == "today" { self = .today; return }
        guard let date = CivilDate(iso: text), date.description == text else { return nil }
        self = .date(date)
    }

    /// The bound as ISO text, with `today` given by the caller (so tests need no clock).
    public func iso(today: String) -> String {
        switch self {
        case .date(let date): date.description
        case .today: today
        }
    }
}

extension Component {
    /// A datepicker's bound (`min` or `max`), when set and valid.
    public func dateBound(_ name: String) -> DateBound? {
        properties[name]?.stringValue.flatMap(DateBound.init)
    }

    /// A number property (`min`, `max`, `step` of a slider).
    public func number(_ name: String) -> Double? {
        properties[name]?.numberValue
    }
}
