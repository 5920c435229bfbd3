/// DMN 1.5 table 72: list functions. Those that take a list also take their items as
/// separate arguments (`max(1, 2, 3)`), registered as a second, variadic overload.
extension BuiltinFunctions {
    static let listFunctions: [(String, BuiltinFunction)] = [
        ("list contains", BuiltinFunction("list, element") { call, _ in
            guard let items = call.list(0) else { return .null }
            return .bool(items.contains { Comparisons.equal($0, call[1]) == true })
        }),
        ("count", BuiltinFunction("list") { call, _ in call.list(0).map { .number($0.count) } ?? .null }),
        ("sublist", BuiltinFunction("list, start position, length?") { call, _ in
            guard let items = call.list(0), let start = call.int(1) else { return .null }
            let from = start > 0 ? start - 1 : items.count + start
            guard start != 0, from >= 0, from < items.count else {
                call.problem = "`sublist` has no position \(start) in a list of \(items.count)"
                return .null
            }
            var to = items.count
            if call.isGiven(2), !call[2].isNull {
                guard let length = call.int(2) else { return .null }
                guard length >= 0, from + length <= items.count else {
                    call.problem = "`sublist` cannot take \(length) items from position \(start) of \(items.count)"
                    return .null
                }
                to = from + length
            }
            return .list(Array(items[from..<to]))
        }),
        // The items after the list may be none (`append([1])` is `[1]`), as in Camunda.
        ("append", BuiltinFunction("list, item?", variadic: true) { call, _ in
            guard let items = call.list(0) else { return .null }
            return .list(items + (call[1].listValue ?? []))
        }),
        ("concatenate", BuiltinFunction("list?", variadic: true) { call, _ in
            var result: [FEELValue] = []
            for argument in call[0].listValue ?? [] {
                guard case .list(let items) = argument else {
                    call.problem = "`concatenate` joins lists, found \(argument.typeName)"
                    return .null
                }
                result += items
            }
            return .list(result)
        }),
        ("insert before", BuiltinFunction("list, position, newItem") { call, _ in
            guard let items = call.list(0), let position = call.int(1) else { return .null }
            guard let index = listIndex(position, count: items.count) else {
                call.problem = "`insert before` has no position \(position) in a list of \(items.count)"
                return .null
            }
            var result = items
            result.insert(call[2], at: index)
            return .list(result)
        }),
        ("remove", BuiltinFunction("list, position") { call, _ in
            guard let items = call.list(0), let position = call.int(1) else { return .null }
            guard let index = listIndex(position, count: items.count) else {
                call.problem = "`remove` has no position \(position) in a list of \(items.count)"
                return .null
            }
            var result = items
            result.remove(at: index)
            return .list(result)
        }),
        ("reverse", BuiltinFunction("list") { call, _ in call.list(0).map { .list($0.reversed()) } ?? .null }),
        ("index of", BuiltinFunction("list, match") { call, _ in
            guard let items = call.list(0) else { return .null }
            let positions = items.indices.filter { Comparisons.equal(items[$0], call[1]) == true }
            return .list(positions.map { .number($0 + 1) })
        }),
        ("union", BuiltinFunction("list?", variadic: true) { call, _ in
            var result: [FEELValue] = []
            for argument in call[0].listValue ?? [] {
                let items = argument.listValue ?? [argument]
                for item in items where !result.contains(where: { Comparisons.equal($0, item) == true }) { result.append(item) }
            }
            return .list(result)
        }),
        ("distinct values", BuiltinFunction("list") { call, _ in
            guard let items = call.list(0) else { return .null }
            return .list(distinct(items))
        }),
        ("flatten", BuiltinFunction("list") { call, _ in
            guard let items = call.list(0) else { return .null }
            func flat(_ values: [FEELValue]) -> [FEELValue] {
                values.flatMap { value -> [FEELValue] in
                    if case .list(let inner) = value { return flat(inner) }
                    return [value]
                }
            }
            return .list(flat(items))
        }),
        ("sort", BuiltinFunction("list, precedes?") { call, interpreter in
            guard let items = call.list(0) else { return .null }
            guard call.isGiven(1), !call[1].isNull else {
                guard let first = items.first else { return .list([]) }
                guard items.allSatisfy({ Comparisons.isOrdered($0) && Comparisons.sameKind($0, first) }) else {
                    call.problem = "`sort` without a function sorts numbers, strings, dates, times or durations of one kind"
                    return .null
                }
                return .list(items.sorted { Comparisons.order($0, $1) == -1 })
            }
            guard let precedes = call.function(1) else { return .null }
            var failed = false
            let sorted = items.sorted { a, b in
                guard !failed else { return false }
                let result = interpreter.invoke(precedes, .positional([a, b]), at: call.at)
                guard let flag = result.boolValue else { failed = true; return false }
                return flag
            }
            if failed {
                call.problem = "`sort`'s precedes function must return true or false"
                return .null
            }
            return .list(sorted)
        }),
        ("list replace", BuiltinFunction("list, position, newItem") { call, interpreter in
            listReplace(&call, &interpreter)
        }),
        ("list replace", BuiltinFunction("list, match, newItem") { call, interpreter in
            guard case .function = call[1] else { call.wrong(1, expected: "a function"); return .null }
            return listReplace(&call, &interpreter)
        }),
    ] + aggregates

    /// `list replace` by position or by a match function `function(item, newItem)`.
    private static func listReplace(_ call: inout Call, _ interpreter: inout Interpreter) -> FEELValue {
        guard let items = call.list(0) else { return .null }
        var result = items
        switch call[1] {
        case .function(let match):
            guard match.parameterNames.count == 2 else {
                call.problem = "`list replace` needs a match function of two parameters (item, newItem)"
                return .null
            }
            for index in result.indices {
                let hit = interpreter.invoke(match, .positional([result[index], call[2]]), at: call.at)
                guard let replace = hit.boolValue else {
                    call.problem = "`list replace`'s match function must return true or false"
                    return .null
                }
                if replace { result[index] = call[2] }
            }
        default:
            guard let position = call.int(1) else { return .null }
            guard let index = listIndex(position, count: items.count) else {
                call.problem = "`list replace` has no position \(position) in a list of \(items.count)"
                return .null
            }
            result[index] = call[2]
        }
        return .list(result)
    }

    /// A 1-based position (negative from the end) as an index; nil when outside the list.
    static func listIndex(_ position: Int, count: Int) -> Int? {
        let index = position > 0 ? position - 1 : count + position
        return position != 0 && index >= 0 && index < count ? index : nil
    }

    static func distinct(_ items: [FEELValue]) -> [FEELValue] {
        var result: [FEELValue] = []
        for item in items where !result.contains(where: { Comparisons.equal($0, item) == true }) { result.append(item) }
        return result
    }

    /// min, max, sum, mean, product, median, stddev, mode, all, any: each over a list, or its items as arguments.
    private static let aggregates: [(String, BuiltinFunction)] =
        aggregate("min", "c") { items, call in extreme(items, lowest: true, &call) }
        + aggregate("max", "c") { items, call in extreme(items, lowest: false, &call) }
        + aggregate("sum", "n") { items, call in
            guard let numbers = numbers(items, &call) else { return .null }
            guard !numbers.isEmpty else { return .null }
            return .number(numbers.dropFirst().reduce(Optional(numbers[0])) { total, n in total.flatMap { $0 + n } })
        }
        + aggregate("product", "n") { items, call in
            guard let numbers = numbers(items, &call), !numbers.isEmpty else { return .null }
            return .number(numbers.dropFirst().reduce(Optional(numbers[0])) { total, n in total.flatMap { $0 * n } })
        }
        + aggregate("mean", "n") { items, call in
            guard let numbers = numbers(items, &call), !numbers.isEmpty else { return .null }
            return .number(mean(numbers))
        }
        + aggregate("median", "n") { items, call in
            guard let numbers = numbers(items, &call), !numbers.isEmpty else { return .null }
            let sorted = numbers.sorted()
            if sorted.count % 2 == 1 { return .number(sorted[sorted.count / 2]) }
            return .number((sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]).flatMap { $0 / FEELNumber(2) })
        }
        + aggregate("stddev", "n") { items, call in
            guard let numbers = numbers(items, &call), numbers.count >= 2, let average = mean(numbers) else { return .null }
            var squares: FEELNumber? = .zero
            for n in numbers {
                guard let difference = n - average, let square = difference * difference else { return .null }
                squares = squares.flatMap { $0 + square }
            }
            return .number(squares.flatMap { $0 / FEELNumber(numbers.count - 1) }?.squareRoot)
        }
        + aggregate("mode", "n") { items, call in
            guard let numbers = numbers(items, &call) else { return .null }
            var counts: [(FEELNumber, Int)] = []
            for n in numbers {
                if let index = counts.firstIndex(where: { $0.0 == n }) { counts[index].1 += 1 } else { counts.append((n, 1)) }
            }
            let most = counts.map(\.1).max() ?? 0
            return .list(counts.filter { $0.1 == most }.map(\.0).sorted().map(FEELValue.number))
        }
        + aggregate("all", "b") { items, call in
            var undecided = false
            for item in items {
                switch item.boolValue {
                case false?: return .bool(false)
                case true?: continue
                case nil: undecided = true
                }
            }
            return undecided ? .null : .bool(true)
        }
        + aggregate("any", "b") { items, call in
            var undecided = false
            for item in items {
                switch item.boolValue {
                case true?: return .bool(true)
                case false?: continue
                case nil: undecided = true
                }
            }
            return undecided ? .null : .bool(false)
        }

    private static func aggregate(_ name: String, _ itemName: String,
                                  _ body: @escaping @Sendable ([FEELValue], inout Call) -> FEELValue) -> [(String, BuiltinFunction)] {
        [
            (name, BuiltinFunction("list") { call, _ in
                guard let items = call.list(0) else { return .null }
                return body(items, &call)
            }),
            (name, BuiltinFunction(itemName, variadic: true) { call, _ in
                body(call[0].listValue ?? [], &call)
            }),
        ]
    }

    private static func numbers(_ items: [FEELValue], _ call: inout Call) -> [FEELNumber]? {
        var numbers: [FEELNumber] = []
        for item in items {
            guard case .number(let n) = item else {
                call.problem = "`\(call.name)` takes numbers, found \(item.typeName)"
                return nil
            }
            numbers.append(n)
        }
        return numbers
    }

    private static func mean(_ numbers: [FEELNumber]) -> FEELNumber? {
        var total: FEELNumber? = .zero
        for n in numbers { total = total.flatMap { $0 + n } }
        return total.flatMap { $0 / FEELNumber(numbers.count) }
    }

    private static func extreme(_ items: [FEELValue], lowest: Bool, _ call: inout Call) -> FEELValue {
        guard var best = items.first else { return .null }
        guard Comparisons.isOrdered(best) else {
            call.problem = "`\(call.name)` compares numbers, strings, dates, times or durations, found \(best.typeName)"
            return .null
        }
        for item in items.dropFirst() {
            guard let order = Comparisons.order(item, best) else {
                call.problem = "`\(call.name)` cannot compare \(item.typeName) with \(best.typeName)"
                return .null
            }
            if lowest ? order < 0 : order > 0 { best = item }
        }
        return best
    }
}
