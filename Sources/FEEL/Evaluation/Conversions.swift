/// The implicit conversions of DMN 1.5 (10.3.2.9.4) where a value must conform to a type:
/// a singleton list stands for its item, an item for a singleton list, and a date for the
/// date and time at its midnight (UTC).
enum Conversions {
    static func conform(_ value: FEELValue, to type: FEELType) -> FEELValue? {
        if case .list(let items) = value, items.count == 1, type.matches(items[0]) { return items[0] }
        if case .list(let itemType) = type, itemType.matches(value) { return .list([value]) }
        if type == .dateTime, case .date(let date) = value {
            return .dateTime(FEELDateTime(date: date, time: FEELTime(hour: 0, minute: 0, second: 0, zone: .offset(seconds: 0))!))
        }
        return nil
    }
}

extension FEELType: CustomStringConvertible {
    public var description: String {
        switch self {
        case .any: "Any"
        case .null: "Null"
        case .number: "number"
        case .string: "string"
        case .boolean: "boolean"
        case .date: "date"
        case .time: "time"
        case .dateTime: "date and time"
        case .daysTimeDuration: "days and time duration"
        case .yearsMonthsDuration: "years and months duration"
        case .list(let item): "list<\(item)>"
        case .context(let fields): "context<" + fields.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: ", ") + ">"
        case .range(let element): "range<\(element)>"
        case .function(let parameters, let result): "function<" + parameters.map(\.description).joined(separator: ", ") + ">->\(result)"
        case .named(let name): name
        }
    }
}
