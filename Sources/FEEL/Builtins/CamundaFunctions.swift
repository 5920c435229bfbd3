import Foundation

/// Camunda's extensions to DMN 1.5's functions, as feel-scala (Camunda 8's engine) has them.
extension BuiltinFunctions {
    static let camundaFunctions: [(String, BuiltinFunction)] = [
        ("is defined", BuiltinFunction("value") { call, _ in .bool(!call[0].isNull) }),
        ("get or else", BuiltinFunction("value, default") { call, _ in call[0].isNull ? call[1] : call[0] }),
        ("assert", BuiltinFunction("value, condition, cause?") { call, interpreter in
            if call[1].boolValue == true { return call[0] }
            let cause = call.isGiven(2) ? call[2].stringValue : nil
            // Camunda fails the whole evaluation (the one failure on purpose): its value is null.
            return interpreter.stop("the assertion failed" + (cause.map { ": \($0)" } ?? "") + "; the evaluation was stopped and its value is null", at: call.at)
        }),
        ("is empty", BuiltinFunction("list") { call, _ in call.list(0).map { .bool($0.isEmpty) } ?? .null }),
        // Each value seen more than once, in the order of its first occurrence (Camunda's docs:
        // `duplicate values([1,2,3,2,1])` is `[1,2]`).
        ("duplicate values", BuiltinFunction("list") { call, _ in
            guard let items = call.list(0) else { return .null }
            let distinctItems = distinct(items)
            return .list(distinctItems.filter { value in items.count { Comparisons.equal($0, value) == true } > 1 })
        }),
        ("partition", BuiltinFunction("list, size") { call, _ in
            guard let items = call.list(0), let size = call.int(1) else { return .null }
            guard size > 0 else { call.problem = "`partition` needs a size of at least 1"; return .null }
            return .list(stride(from: 0, to: items.count, by: size).map { .list(Array(items[$0..<Swift.min($0 + size, items.count)])) })
        }),
        // Any of delimiter, prefix and suffix may be null (none).
        ("string join", BuiltinFunction("list, delimiter, prefix, suffix") { call, interpreter in
            guard let items = call.list(0) else { return .null }
            let parts = (1...3).map { call[$0].isNull ? "" : call.string($0) ?? "" }
            if call.problem != nil { return .null }
            return joined(items, delimiter: parts[0], prefix: parts[1], suffix: parts[2], limit: interpreter.environment.maximumStringLength, &call)
        }),
        ("is blank", BuiltinFunction("string") { call, _ in
            call.string(0).map { .bool($0.allSatisfy(\.isWhitespace)) } ?? .null
        }),
        ("trim", BuiltinFunction("string") { call, _ in
            call.string(0).map { text in
                .string(String(String.UnicodeScalarView(text.unicodeScalars.drop { $0.value <= 0x20 }.reversed().drop { $0.value <= 0x20 }.reversed())))
            } ?? .null
        }),
        ("uuid", BuiltinFunction("") { _, _ in .string(UUID().uuidString.lowercased()) }),
        ("to base64", BuiltinFunction("value") { call, _ in
            call.string(0).map { .string(Data($0.utf8).base64EncodedString()) } ?? .null
        }),
        ("from base64", BuiltinFunction("value") { call, _ in
            guard let text = call.string(0) else { return .null }
            guard let data = Data(base64Encoded: text), let decoded = String(data: data, encoding: .utf8) else {
                call.problem = "\"\(text)\" is not base64 text"
                return .null
            }
            return .string(decoded)
        }),
        ("extract", BuiltinFunction("string, pattern") { call, _ in
            guard let text = call.string(0), let pattern = call.string(1),
                  let regex = XPathRegex.compile(pattern, flags: "", &call) else { return .null }
            let matches = regex.matches(in: text, range: NSRange(text.startIndex..., in: text))
            return .list(matches.compactMap { Range($0.range, in: text).map { .string(String(text[$0])) } })
        }),
        ("last day of month", BuiltinFunction("date") { call, _ in
            guard let date = call.date(0) else { return .null }
            return FEELDate(year: date.year, month: date.month, day: FEELDate.daysIn(month: date.month, year: date.year)).map(FEELValue.date) ?? .null
        }),
        ("random number", BuiltinFunction("") { _, _ in .number(FEELNumber(Double.random(in: 0..<1))) }),
        ("to json", BuiltinFunction("value") { call, _ in .string(FEELJSON.write(call[0])) }),
        ("from json", BuiltinFunction("value") { call, _ in
            guard let text = call.string(0) else { return .null }
            guard let value = FEELJSON.read(text) else {
                call.problem = "the text is not JSON"
                return .null
            }
            return value
        }),
        // Camunda's AI agent marks a value an LLM supplies; outside the agent it is the value.
        ("fromAi", BuiltinFunction("value, description?, type?, schema?, options?") { call, _ in call[0] }),
    ]

    /// Camunda's `date and time(date, timezone)`: the same instant in another zone, or a local
    /// date and time read in that zone.
    static func moved(_ dateTime: FEELDateTime, to identifier: String, _ call: inout Call) -> FEELValue {
        guard identifier == "Z" || FEELZone.isKnown(identifier) else {
            call.problem = "\"\(identifier)\" is not a time zone"
            return .null
        }
        let zone: FEELZone = identifier == "Z" ? .offset(seconds: 0) : .named(identifier)
        if let instant = dateTime.instant { return FEELDateTime(instant: instant, zone: zone).map(FEELValue.dateTime) ?? .null }
        return .dateTime(FEELDateTime(date: dateTime.date, time: FEELTime(nanosecondsOfDay: dateTime.time.nanosecondsOfDay, zone: zone)))
    }
}
