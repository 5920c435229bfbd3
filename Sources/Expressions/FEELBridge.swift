import FEEL

/// Data crosses between FlowStage and FEEL as JSON, as Camunda stores it: a JSON number is the
/// shortest decimal that reads back as it, text stays text (a date written as text is not
/// guessed to be a date), and FEEL's temporal values and durations become ISO 8601 text.
extension FEELValue {
    public init(json: JSONValue) {
        switch json {
        case .null: self = .null
        case .bool(let flag): self = .bool(flag)
        case .number(let number): self = FEELNumber(number).map(FEELValue.number) ?? .null
        case .string(let text): self = .string(text)
        case .array(let items): self = .list(items.map(FEELValue.init(json:)))
        case .object(let members):
            // JSON objects keep no order; FEEL contexts do: entries are sorted by key so a
            // context built from data prints and compares the same way every time.
            self = .context(FEELContext(uniqueKeys: members.keys.sorted()) { FEELValue(json: members[$0]!) })
        }
    }

    /// The value as JSON data: a range as `{start, end, startIncluded, endIncluded}`, a function as null.
    public var json: JSONValue {
        switch self {
        case .null, .function: .null
        case .bool(let flag): .bool(flag)
        case .number(let number): .number(number.doubleValue)
        case .string(let text): .string(text)
        case .date(let date): .string(date.text)
        case .time(let time): .string(time.text)
        case .dateTime(let dateTime): .string(dateTime.isoText)
        case .daysTime(let duration): .string(duration.text)
        case .yearsMonths(let duration): .string(duration.text)
        case .list(let items): .array(items.map(\.json))
        case .context(let context): .object(Dictionary(zip(context.keys, context.values.map(\.json)), uniquingKeysWith: { $1 }))
        case .range(let range):
            .object(["start": range.start.json, "end": range.end.json,
                     "startIncluded": .bool(range.startIncluded), "endIncluded": .bool(range.endIncluded)])
        }
    }
}

extension FEELExpression {
    /// The expression on FlowStage's data, as the server evaluates every FEEL of a model (and
    /// the playground and `flowstage feel --context` do): JSON as Camunda stores it, form-js's
    /// names, the scope's clock and time zone.
    public func evaluate(in scope: borrowing EvaluationScope) -> FEELResult {
        evaluate(ScopeVariables(data: scope.data, item: scope.item, index: scope.itemIndex, value: scope.value),
                 environment: FEELEnvironment(now: scope.now, timeZone: scope.timeZone))
    }
}

/// What a FEEL expression sees in FlowStage: the data's top-level entries, and the names form-js
/// adds (`this` the row of a dynamic list or else the data, `parent` the data around a row, `i`
/// the row's 1-based positions; `_this_`, `_parent_`, `_i_` the same, never shadowed by data).
/// In a validator, `value` is the field's value.
struct ScopeVariables: FEELVariables {
    let data: JSONValue
    let item: JSONValue?
    let index: Int?
    let value: JSONValue?

    /// The names form-js adds, seen where the data has no entry of that name.
    static func isAdded(_ name: String) -> Bool {
        switch name {
        case "this", "_this_", "parent", "_parent_", "i", "_i_": true
        default: false
        }
    }

    func value(named name: String) -> FEELValue? {
        if name == "value", let value { return FEELValue(json: value) }
        if let found = data[name] { return FEELValue(json: found) }
        switch name {
        case "this", "_this_": return FEELValue(json: item ?? data)
        case "parent", "_parent_": return item == nil ? .null : FEELValue(json: data)
        case "i", "_i_": return .list(index.map { [.number($0 + 1)] } ?? [])
        default: return nil
        }
    }
}

extension JSONValue {
    /// The value written as FEEL source that evaluates to it (a mapping's constant).
    public var feelLiteral: String { FEELValue(json: self).literal }
}
