import Foundation

/// DMN 1.5 table 69: the conversion functions (constructors of values from text and parts).
extension BuiltinFunctions {
    static let conversionFunctions: [(String, BuiltinFunction)] = [
        ("date", BuiltinFunction("from") { call, _ in
            switch call[0] {
            case .string(let text):
                if let date = TemporalParsing.date(text) { return .date(date) }
                call.problem = "\"\(text)\" is not a date (yyyy-mm-dd)"
                return .null
            case .date(let date): return .date(date)
            case .dateTime(let dateTime): return .date(dateTime.date)
            case .null: return .null
            default: call.wrong(0, expected: "a string, date or date and time"); return .null
            }
        }),
        ("date", BuiltinFunction("year, month, day") { call, _ in
            guard let year = call.int(0), let month = call.int(1), let day = call.int(2) else { return .null }
            guard let date = FEELDate(year: year, month: month, day: day) else {
                call.problem = "\(year)-\(month)-\(day) is no date"
                return .null
            }
            return .date(date)
        }),
        ("date and time", BuiltinFunction("from") { call, _ in
            switch call[0] {
            case .string(let text):
                if let dateTime = TemporalParsing.dateTime(text) { return .dateTime(dateTime) }
                call.problem = "\"\(text)\" is not a date and time (yyyy-mm-ddThh:mm:ss, with an optional zone)"
                return .null
            case .dateTime(let dateTime): return .dateTime(dateTime)
            case .date(let date): return .dateTime(FEELDateTime(date: date, time: FEELTime(hour: 0, minute: 0, second: 0)!))
            case .null: return .null
            default: call.wrong(0, expected: "a string"); return .null
            }
        }),
        ("date and time", BuiltinFunction("date, time") { call, _ in
            if case .dateTime(let dateTime) = call[0], case .string(let zone) = call[1] { return moved(dateTime, to: zone, &call) }
            guard let date = call.date(0) else { return .null }
            guard case .time(let time) = call[1] else {
                if !call[1].isNull { call.wrong(1, expected: "a time") }
                return .null
            }
            return .dateTime(FEELDateTime(date: date, time: time))
        }),
        ("time", BuiltinFunction("from") { call, _ in
            switch call[0] {
            case .string(let text):
                if let time = TemporalParsing.time(text) { return .time(time) }
                call.problem = "\"\(text)\" is not a time (hh:mm:ss, with an optional zone)"
                return .null
            case .time(let time): return .time(time)
            case .dateTime(let dateTime): return .time(dateTime.time)
            case .date: return .time(FEELTime(hour: 0, minute: 0, second: 0, zone: .offset(seconds: 0))!)
            case .null: return .null
            default: call.wrong(0, expected: "a string, time or date and time"); return .null
            }
        }),
        ("time", BuiltinFunction("hour, minute, second, offset?") { call, _ in
            guard let hour = call.int(0), let minute = call.int(1), let second = call.number(2) else { return .null }
            let whole = second.rounded(scale: 0, mode: .floor) ?? .zero
            let fraction = (second - whole).flatMap { $0 * FEELNumber(1_000_000_000) }?.rounded(scale: 0, mode: .down)?.intValue ?? 0
            var zone: FEELZone?
            switch call[3] {
            case .null: break
            case .daysTime(let offset):
                guard offset.nanoseconds % 1_000_000_000 == 0, offset.nanoseconds.magnitude <= 18 * 3600 * 1_000_000_000 else {
                    call.problem = "a time's offset must be whole seconds within ±18 hours"
                    return .null
                }
                zone = .offset(seconds: Int(offset.nanoseconds / 1_000_000_000))
            default: call.wrong(3, expected: "a days and time duration"); return .null
            }
            guard let seconds = whole.intValue,
                  let time = FEELTime(hour: hour, minute: minute, second: seconds, nanosecond: fraction, zone: zone) else {
                call.problem = "\(hour):\(minute):\(second.text) is no time of day"
                return .null
            }
            return .time(time)
        }),
        ("number", BuiltinFunction("from, grouping separator?, decimal separator?") { call, _ in
            guard let text = call.string(0) else { return .null }
            var grouping: String?, decimal: String?
            if call.isGiven(1), !call[1].isNull { grouping = call.string(1) }
            if call.isGiven(2), !call[2].isNull { decimal = call.string(2) }
            if call.problem != nil { return .null }
            if let grouping, ![" ", ",", ".", "'"].contains(grouping) {
                call.problem = "a grouping separator is one of space, comma, period or apostrophe"
                return .null
            }
            if let decimal, ![".", ","].contains(decimal) {
                call.problem = "a decimal separator is a period or a comma"
                return .null
            }
            if grouping != nil, grouping == decimal {
                call.problem = "the grouping and decimal separators must differ"
                return .null
            }
            var plain = text
            if let grouping { plain = plain.replacingOccurrences(of: grouping, with: "") }
            if let decimal, decimal != "." { plain = plain.replacingOccurrences(of: decimal, with: ".") }
            guard let number = FEELNumber(text: plain) else {
                call.problem = "\"\(text)\" is not a number"
                return .null
            }
            return .number(number)
        }),
        ("string", BuiltinFunction("from") { call, _ in
            call[0].isNull ? .null : .string(call[0].text)
        }),
        ("duration", BuiltinFunction("from") { call, _ in
            switch call[0] {
            case .string(let text):
                if let duration = TemporalParsing.duration(text) { return duration }
                call.problem = "\"\(text)\" is not a duration (such as P1DT2H or P1Y2M)"
                return .null
            case .daysTime, .yearsMonths: return call[0]
            case .null: return .null
            default: call.wrong(0, expected: "a string"); return .null
            }
        }),
        ("years and months duration", BuiltinFunction("from, to") { call, _ in
            func moment(_ index: Int) -> FEELDateTime? {
                switch call[index] {
                case .date(let date): return FEELDateTime(date: date, time: FEELTime(hour: 0, minute: 0, second: 0)!)
                case .dateTime(let dateTime): return dateTime
                case .null: return nil
                default: call.wrong(index, expected: "a date or date and time"); return nil
                }
            }
            guard let from = moment(0), let to = moment(1) else { return .null }
            // Whole months between the two dates; times of day do not count (as java.time's Period).
            var months = (to.date.year - from.date.year) * 12 + (to.date.month - from.date.month)
            if months > 0 && to.date.day < from.date.day { months -= 1 }
            if months < 0 && to.date.day > from.date.day { months += 1 }
            return FEELYearsMonthsDuration(months: months).map(FEELValue.yearsMonths) ?? .null
        }),
    ]
}
