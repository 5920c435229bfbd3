/// DMN 1.5 table 74 (context functions) and table 80 (range functions: Allen's interval
/// relations over points and ranges).
extension BuiltinFunctions {
    static let contextFunctions: [(String, BuiltinFunction)] = [
        // DMN names the context `m`, Camunda's docs `context`: both names work by name.
        ("get value", BuiltinFunction("m, key") { call, _ in getValue(&call) }),
        ("get value", BuiltinFunction("context, key") { call, _ in getValue(&call) }),
        ("get value", BuiltinFunction("context, keys") { call, _ in getValue(&call) }),
        ("get entries", BuiltinFunction("m") { call, _ in getEntries(&call) }),
        ("get entries", BuiltinFunction("context") { call, _ in getEntries(&call) }),
        ("context", BuiltinFunction("entries") { call, _ in
            guard let entries = call.list(0) else { return .null }
            var result = FEELContext()
            for entry in entries {
                guard case .context(let pair) = entry, case .string(let key)? = pair["key"], let value = pair["value"] else {
                    call.problem = "`context` takes a list of contexts with `key` (a string) and `value`"
                    return .null
                }
                guard result[key] == nil else {
                    call.problem = "`context` was given the key \"\(key)\" twice"
                    return .null
                }
                result[key] = value
            }
            return .context(result)
        }),
        ("context put", BuiltinFunction("context, key, value") { call, _ in
            guard let context = call.context(0) else { return .null }
            switch call[1] {
            case .string(let key):
                var result = context
                result[key] = call[2]
                return .context(result)
            case .list(let keys) where !call.byName:
                let names = keys.compactMap(\.stringValue)
                guard !names.isEmpty, names.count == keys.count else {
                    call.problem = "`context put` takes a key or a non-empty list of keys"
                    return .null
                }
                guard let result = put(context, names[...], call[2]) else {
                    call.problem = "`context put`'s keys run through a value that is not a context"
                    return .null
                }
                return .context(result)
            default:
                call.wrong(1, expected: "a string or a list of strings")
                return .null
            }
        }),
        ("context put", BuiltinFunction("context, keys, value") { call, _ in
            guard let context = call.context(0), case .list(let keys) = call[1] else { return .null }
            let names = keys.compactMap(\.stringValue)
            guard !names.isEmpty, names.count == keys.count else { return .null }
            guard let result = put(context, names[...], call[2]) else {
                call.problem = "`context put`'s keys run through a value that is not a context"
                return .null
            }
            return .context(result)
        }),
        ("context merge", BuiltinFunction("contexts") { call, _ in merged(&call) }),
        // Camunda also takes the contexts as separate arguments.
        ("context merge", BuiltinFunction("contexts", variadic: true) { call, _ in merged(&call) }),
    ]

    /// `context merge`: later entries replace earlier ones of the same key.
    private static func merged(_ call: inout Call) -> FEELValue {
        guard let contexts = call.list(0) else { return .null }
        var result = FEELContext()
        for item in contexts {
            guard case .context(let context) = item else {
                call.problem = "`context merge` takes a list of contexts, found \(item.typeName)"
                return .null
            }
            for (key, value) in zip(context.keys, context.values) { result[key] = value }
        }
        return .context(result)
    }

    /// `get value(context, key)`, or Camunda's `get value(context, keys)` along a path (an empty path is null).
    private static func getValue(_ call: inout Call) -> FEELValue {
        guard let context = call.context(0) else { return .null }
        switch call[1] {
        case .string(let key): return context[key] ?? .null
        case .list(let keys):
            guard !keys.isEmpty else { return .null }
            var value: FEELValue = .context(context)
            for key in keys {
                guard case .string(let name) = key, case .context(let inner) = value else { return .null }
                value = inner[name] ?? .null
            }
            return value
        case .null: return .null
        default: call.wrong(1, expected: "a string or a list of strings"); return .null
        }
    }

    private static func getEntries(_ call: inout Call) -> FEELValue {
        guard let context = call.context(0) else { return .null }
        return .list(zip(context.keys, context.values).map { .context(FEELContext([("key", .string($0)), ("value", $1)])) })
    }

    /// `context put` with a path of keys: inner contexts are made where missing; nil when the
    /// path runs through a value that is not a context.
    private static func put(_ context: FEELContext, _ keys: ArraySlice<String>, _ value: FEELValue) -> FEELContext? {
        var result = context
        guard let first = keys.first else { return result }
        if keys.count == 1 {
            result[first] = value
            return result
        }
        let inner: FEELContext
        switch result[first] {
        case nil, .null?: inner = FEELContext()
        case .context(let existing)?: inner = existing
        default: return nil
        }
        guard let replaced = put(inner, keys.dropFirst(), value) else { return nil }
        result[first] = .context(replaced)
        return result
    }

    static let rangeFunctions: [(String, BuiltinFunction)] = {
        func relation(_ name: String, _ signatures: [String], _ test: @escaping @Sendable (RangeOperand, RangeOperand) -> Bool?) -> [(String, BuiltinFunction)] {
            signatures.map { signature in
                (name, BuiltinFunction(signature) { call, _ in
                    if call[0].isNull || call[1].isNull { return .null }
                    guard let a = RangeOperand(call[0]), let b = RangeOperand(call[1]) else {
                        call.problem = "`\(name)` relates points and ranges of one comparable type"
                        return .null
                    }
                    guard let result = test(a, b) else {
                        call.problem = "`\(name)` cannot compare \(call[0].typeName) with \(call[1].typeName)"
                        return .null
                    }
                    return .bool(result)
                })
            }
        }
        let pointsAndRanges = ["point1, point2", "point, range", "range, point", "range1, range2"]
        return relation("before", pointsAndRanges) { a, b in
            RangeLogic.compare(a.end, b.start).map { $0 < 0 || ($0 == 0 && (!a.endIncluded || !b.startIncluded)) }
        } + relation("after", pointsAndRanges) { a, b in
            RangeLogic.compare(a.start, b.end).map { $0 > 0 || ($0 == 0 && (!a.startIncluded || !b.endIncluded)) }
        } + relation("meets", ["range1, range2"]) { a, b in
            guard a.isRange && b.isRange else { return nil }
            return RangeLogic.compare(a.end, b.start).map { $0 == 0 && a.endIncluded && b.startIncluded }
        } + relation("met by", ["range1, range2"]) { a, b in
            guard a.isRange && b.isRange else { return nil }
            return RangeLogic.compare(a.start, b.end).map { $0 == 0 && a.startIncluded && b.endIncluded }
        } + relation("overlaps", ["range1, range2"]) { a, b in
            guard let endStart = RangeLogic.compare(a.end, b.start), let startEnd = RangeLogic.compare(a.start, b.end) else { return nil }
            return (endStart > 0 || (endStart == 0 && a.endIncluded && b.startIncluded))
                && (startEnd < 0 || (startEnd == 0 && a.startIncluded && b.endIncluded))
        } + relation("overlaps before", ["range1, range2"]) { a, b in
            guard let starts = RangeLogic.compare(a.start, b.start), let endStart = RangeLogic.compare(a.end, b.start),
                  let ends = RangeLogic.compare(a.end, b.end) else { return nil }
            return (starts < 0 || (starts == 0 && a.startIncluded && !b.startIncluded))
                && (endStart > 0 || (endStart == 0 && a.endIncluded && b.startIncluded))
                && (ends < 0 || (ends == 0 && (!a.endIncluded || b.endIncluded)))
        } + relation("overlaps after", ["range1, range2"]) { a, b in
            guard let starts = RangeLogic.compare(b.start, a.start), let endStart = RangeLogic.compare(b.end, a.start),
                  let ends = RangeLogic.compare(b.end, a.end) else { return nil }
            return (starts < 0 || (starts == 0 && b.startIncluded && !a.startIncluded))
                && (endStart > 0 || (endStart == 0 && b.endIncluded && a.startIncluded))
                && (ends < 0 || (ends == 0 && (!b.endIncluded || a.endIncluded)))
        } + relation("finishes", ["point, range", "range1, range2"]) { a, b in
            guard b.isRange, let ends = RangeLogic.compare(a.end, b.end) else { return nil }
            if !a.isRange { return ends == 0 && b.endIncluded }
            guard let starts = RangeLogic.compare(a.start, b.start) else { return nil }
            return a.endIncluded == b.endIncluded && ends == 0 && (starts > 0 || (starts == 0 && (!a.startIncluded || b.startIncluded)))
        } + relation("finished by", ["range, point", "range1, range2"]) { a, b in
            guard a.isRange, let ends = RangeLogic.compare(a.end, b.end) else { return nil }
            if !b.isRange { return ends == 0 && a.endIncluded }
            guard let starts = RangeLogic.compare(a.start, b.start) else { return nil }
            return a.endIncluded == b.endIncluded && ends == 0 && (starts < 0 || (starts == 0 && (a.startIncluded || !b.startIncluded)))
        } + relation("includes", ["range, point", "range1, range2"]) { a, b in
            guard a.isRange else { return nil }
            return RangeLogic.includes(a, b)
        } + relation("during", ["point, range", "range1, range2"]) { a, b in
            guard b.isRange else { return nil }
            return RangeLogic.includes(b, a)
        } + relation("starts", ["point, range", "range1, range2"]) { a, b in
            guard b.isRange, let starts = RangeLogic.compare(a.start, b.start) else { return nil }
            if !a.isRange { return starts == 0 && b.startIncluded }
            guard let ends = RangeLogic.compare(a.end, b.end) else { return nil }
            return starts == 0 && a.startIncluded == b.startIncluded && (ends < 0 || (ends == 0 && (!a.endIncluded || b.endIncluded)))
        } + relation("started by", ["range, point", "range1, range2"]) { a, b in
            guard a.isRange, let starts = RangeLogic.compare(a.start, b.start) else { return nil }
            if !b.isRange { return starts == 0 && a.startIncluded }
            guard let ends = RangeLogic.compare(b.end, a.end) else { return nil }
            return starts == 0 && a.startIncluded == b.startIncluded && (ends < 0 || (ends == 0 && (!b.endIncluded || a.endIncluded)))
        } + relation("coincides", ["point1, point2", "range1, range2"]) { a, b in
            guard a.isRange == b.isRange, let starts = RangeLogic.compare(a.start, b.start),
                  let ends = RangeLogic.compare(a.end, b.end) else { return nil }
            return starts == 0 && ends == 0 && a.startIncluded == b.startIncluded && a.endIncluded == b.endIncluded
        }
    }()
}

/// A point or range as the range functions see it: a point is the closed range [p..p].
struct RangeOperand: Sendable {
    let start: FEELValue
    let end: FEELValue
    let startIncluded: Bool
    let endIncluded: Bool
    let isRange: Bool

    init?(_ value: FEELValue) {
        switch value {
        case .range(let range):
            start = range.start; end = range.end
            startIncluded = range.startIncluded; endIncluded = range.endIncluded
            isRange = true
        case let point where Comparisons.isOrdered(point):
            start = point; end = point
            startIncluded = true; endIncluded = true
            isRange = false
        default:
            return nil
        }
    }
}

enum RangeLogic {
    /// Order of two ends; an open end (null) is below or above everything as its side says.
    static func compare(_ a: FEELValue, _ b: FEELValue) -> Int? {
        Comparisons.order(a, b)
    }

    static func includes(_ outer: RangeOperand, _ inner: RangeOperand) -> Bool? {
        guard let starts = compare(outer.start, inner.start), let ends = compare(outer.end, inner.end) else { return nil }
        if !inner.isRange {
            return (starts < 0 || (starts == 0 && outer.startIncluded)) && (ends > 0 || (ends == 0 && outer.endIncluded))
        }
        return (starts < 0 || (starts == 0 && (outer.startIncluded || !inner.startIncluded)))
            && (ends > 0 || (ends == 0 && (outer.endIncluded || !inner.endIncluded)))
    }
}
