/// A FEEL value (DMN 1.5, chapter 10.3.2): the scalars, the temporal types, and the
/// structured ones. Logic over them is three-valued; a wrong type makes null, never a crash.
public enum FEELValue: Sendable {
    case null
    case bool(Bool)
    case number(FEELNumber)
    case string(String)
    case date(FEELDate)
    case time(FEELTime)
    case dateTime(FEELDateTime)
    case daysTime(FEELDaysTimeDuration)
    case yearsMonths(FEELYearsMonthsDuration)
    case list([FEELValue])
    case context(FEELContext)
    indirect case range(FEELRange)
    case function(FEELFunction)

    public var isNull: Bool { if case .null = self { true } else { false } }

    public static func number(_ value: Int) -> FEELValue { .number(FEELNumber(value)) }

    /// A number result, or null when it overflowed.
    static func number(_ value: FEELNumber?) -> FEELValue { value.map(FEELValue.number) ?? .null }

    public var numberValue: FEELNumber? { if case .number(let n) = self { n } else { nil } }
    public var stringValue: String? { if case .string(let s) = self { s } else { nil } }
    public var boolValue: Bool? { if case .bool(let b) = self { b } else { nil } }
    public var listValue: [FEELValue]? { if case .list(let items) = self { items } else { nil } }
    public var contextValue: FEELContext? { if case .context(let c) = self { c } else { nil } }

    /// The name of the value's kind as FEEL writes types: `number`, `date and time`, `list<number>`…
    public var typeName: String {
        switch self {
        case .null: "Null"
        case .bool: "boolean"
        case .number: "number"
        case .string: "string"
        case .date: "date"
        case .time: "time"
        case .dateTime: "date and time"
        case .daysTime: "days and time duration"
        case .yearsMonths: "years and months duration"
        case .list(let items):
            FEELValue.listTypeName(items)
        case .context(let context):
            "context<" + zip(context.keys, context.values).map { "\($0): \($1.typeName)" }.joined(separator: ", ") + ">"
        case .range(let range):
            "range<\((range.start.isNull ? range.end : range.start).typeName)>"
        case .function(let function):
            "function<\(function.parameterNames.map { _ in "Any" }.joined(separator: ", "))>->Any"
        }
    }
}

extension FEELValue {
    /// `list<number>` when every item (but nulls) is of one type, else `list<Any>`; each item's
    /// type is named once (naming it again per comparison tripled the work per level of nesting).
    static func listTypeName(_ items: [FEELValue]) -> String {
        var common: String?
        for item in items where !item.isNull {
            let name = item.typeName
            if common == nil { common = name } else if common != name { return "list<Any>" }
        }
        return "list<\(common ?? "Any")>"
    }
}

/// A FEEL context: entries in the order they were written, keys unique.
public struct FEELContext: Sendable {
    public private(set) var keys: [String] = []
    public private(set) var values: [FEELValue] = []

    public init() {}

    public init(_ entries: [(String, FEELValue)]) {
        for (key, value) in entries { self[key] = value }
    }

    /// Entries whose keys are known to differ (a JSON object's), kept in this order.
    public init<Keys: Collection<String>>(uniqueKeys: Keys, value: (String) -> FEELValue) {
        keys.reserveCapacity(uniqueKeys.count)
        values.reserveCapacity(uniqueKeys.count)
        for key in uniqueKeys {
            keys.append(key)
            values.append(value(key))
        }
    }

    public var count: Int { keys.count }
    public var isEmpty: Bool { keys.isEmpty }

    public var entries: [(key: String, value: FEELValue)] { zip(keys, values).map { ($0, $1) } }

    /// Reading a missing key gives nil; writing a key replaces its value in place or appends it.
    public subscript(key: String) -> FEELValue? {
        get { keys.firstIndex(of: key).map { values[$0] } }
        set {
            if let index = keys.firstIndex(of: key) {
                if let newValue { values[index] = newValue } else { keys.remove(at: index); values.remove(at: index) }
            } else if let newValue {
                keys.append(key)
                values.append(newValue)
            }
        }
    }
}

/// A FEEL range: an interval written `[1..10)` (an end written `null` is unknown, not open),
/// or a unary comparison used as a value (`< 10`, `>= 5`, `= 3`, `!= 3`), whose missing side is
/// open. The two kinds are never equal to each other (`(< 10) = (null..10)` is false).
public struct FEELRange: Sendable {
    public let start: FEELValue
    public let end: FEELValue
    public let startIncluded: Bool
    public let endIncluded: Bool
    /// The operator of a range written as a unary comparison; nil for an interval.
    let comparison: ComparisonOperator?

    init(start: FEELValue, end: FEELValue, startIncluded: Bool, endIncluded: Bool) {
        self.start = start; self.end = end
        self.startIncluded = startIncluded; self.endIncluded = endIncluded
        comparison = nil
    }

    init(_ comparison: ComparisonOperator, _ endpoint: FEELValue) {
        self.comparison = comparison
        switch comparison {
        case .less, .lessOrEqual:
            start = .null; end = endpoint
            startIncluded = false; endIncluded = comparison == .lessOrEqual
        case .greater, .greaterOrEqual:
            start = endpoint; end = .null
            startIncluded = comparison == .greaterOrEqual; endIncluded = false
        case .equal, .notEqual:
            start = endpoint; end = endpoint
            startIncluded = comparison == .equal; endIncluded = comparison == .equal
        }
    }

    /// `[1..10)`, `< 10`, `!= 3`.
    public var text: String {
        switch comparison {
        case .less?, .lessOrEqual?: return comparison!.rawValue + " " + end.literal
        case let op?: return op.rawValue + " " + start.literal
        case nil: return (startIncluded ? "[" : "(") + start.literal + ".." + end.literal + (endIncluded ? "]" : ")")
        }
    }
}
