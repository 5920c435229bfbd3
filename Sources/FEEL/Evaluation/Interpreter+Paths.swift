/// Paths (`a.b`, `orders.price`, `date.year`) and filters (`xs[item > 3]`, `xs[1]`, `xs[-1]`).
extension Interpreter {
    mutating func path(_ base: FEELValue, _ member: String, at: Int) -> FEELValue {
        switch base {
        case .null:
            return .null
        case .context(let context):
            if let value = context[member] { return value }
            warn("the context has no entry `\(member)`; it reads as null", at: at)
            return .null
        case .list(let items):
            // A path over a list is the path of each item (DMN 1.5, 10.3.2.2).
            // An item without the member is null there, with a warning as for one context.
            var values: [FEELValue] = []
            values.reserveCapacity(items.count)
            for item in items {
                switch item {
                case .context(let context):
                    if let value = context[member] { values.append(value); continue }
                    warn("an item of the list has no entry `\(member)`; it reads as null", at: at)
                case .null:
                    break
                default:
                    if let value = property(item, member) { values.append(value); continue }
                    warn("a \(item.typeName) in the list has no property `\(member)`; it reads as null", at: at)
                }
                values.append(.null)
            }
            return .list(values)
        default:
            if let value = property(base, member) { return value }
            warn("a \(base.typeName) has no property `\(member)`", at: at)
            return .null
        }
    }

    /// The properties of temporal values, durations and ranges (DMN 1.5, table 66).
    func property(_ value: FEELValue, _ name: String) -> FEELValue? {
        switch value {
        case .date(let date):
            return Interpreter.dateProperty(date, name)
        case .time(let time):
            return Interpreter.timeProperty(time, name, offset: time.offsetSeconds)
        case .dateTime(let dateTime):
            return Interpreter.dateProperty(dateTime.date, name)
                ?? Interpreter.timeProperty(dateTime.time, name, offset: dateTime.offsetSeconds)
        case .daysTime(let duration):
            switch name {
            case "days": return .number(FEELNumber(Int(duration.daysPart)))
            case "hours": return .number(FEELNumber(Int(duration.hoursPart)))
            case "minutes": return .number(FEELNumber(Int(duration.minutesPart)))
            case "seconds": return .number(FEELNumber(Int(duration.secondsPart)))
            default: return nil
            }
        case .yearsMonths(let duration):
            switch name {
            case "years": return .number(FEELNumber(duration.months / 12))
            case "months": return .number(FEELNumber(duration.months % 12))
            default: return nil
            }
        case .range(let range):
            switch name {
            case "start": return range.start
            case "end": return range.end
            case "start included": return .bool(range.startIncluded)
            case "end included": return .bool(range.endIncluded)
            default: return nil
            }
        default:
            return nil
        }
    }

    private static func dateProperty(_ date: FEELDate, _ name: String) -> FEELValue? {
        switch name {
        case "year": .number(FEELNumber(date.year))
        case "month": .number(FEELNumber(date.month))
        case "day": .number(FEELNumber(date.day))
        case "weekday": .number(FEELNumber(date.weekday))
        default: nil
        }
    }

    private static func timeProperty(_ time: FEELTime, _ name: String, offset: Int?) -> FEELValue? {
        switch name {
        case "hour": return .number(FEELNumber(time.hour))
        case "minute": return .number(FEELNumber(time.minute))
        case "second": return .number(FEELNumber(time.second))
        case "time offset":
            guard let offset, let duration = FEELDaysTimeDuration(nanoseconds: Int128(offset) * 1_000_000_000) else { return .null }
            return .daysTime(duration)
        case "timezone":
            if case .named(let identifier) = time.zone { return .string(identifier) }
            return .null
        default:
            return nil
        }
    }

    /// A filter: a number picks an item (1 is the first, -1 the last); anything else keeps the
    /// items for which it is true. Inside, `item` is the item and a context item's entries are names.
    mutating func filter(_ base: FEELValue, _ condition: Node, at: Int) -> FEELValue {
        let items: [FEELValue]
        switch base {
        case .null: return .null
        case .list(let list): items = list
        default: items = [base]
        }
        if items.isEmpty {
            if case .literal(.number) = condition { return .null }
            return .list([])
        }
        var kept: [FEELValue] = []
        for (position, item) in items.enumerated() {
            let depth = bindings.count
            bindings.append(.value("item", item))
            if case .context(let context) = item { bindings.append(.members(context)) }
            let result = evaluate(condition)
            bindings.removeLast(bindings.count - depth)
            if exhausted { return .null }
            if position == 0, case .number(let number) = result { return pick(items, number, at: at) }
            if result.boolValue == true { kept.append(item) }
        }
        return .list(kept)
    }

    private mutating func pick(_ items: [FEELValue], _ number: FEELNumber, at: Int) -> FEELValue {
        guard let index = number.intValue, index != 0, index.magnitude <= items.count else {
            warn("there is no item \(number.text) in a list of \(items.count)", at: at)
            return .null
        }
        return items[index > 0 ? index - 1 : items.count + index]
    }
}
