import Foundation
import Testing
import Expressions

/// The functions added for imported FEEL: one rule per test.
@Suite struct ListAndTextFunctions {
    let data: JSONValue = [
        "name": "Ana Maria", "orders": [["price": 5], ["price": 20], ["price": 12]],
        "matrix": [[1, 2], [3, 4]], "tags": ["a", "b", "c"], "limit": 10,
    ]

    func evaluation(_ source: String) throws -> Evaluation {
        try Expression(source).evaluate(in: EvaluationScope(data: data, now: Date(timeIntervalSince1970: 1_717_200_000),
                                                             timeZone: TimeZone(identifier: "UTC")!))
    }

    func value(_ source: String) throws -> JSONValue { try evaluation(source).value }

    @Test func substringStartsAtOneAndCountsNegativeStartsFromTheEnd() throws {
        #expect(try value("substring('foobar', 3)") == "obar")
        #expect(try value("substring('foobar', 3, 3)") == "oba")
        #expect(try value("substring('foobar', -2, 1)") == "a")
        #expect(try value("substring('foo', 9)") == "")
        #expect(try value("substring(nothing, 1)") == .null)
    }

    @Test func replaceSubstitutesEveryMatchOfARegularExpression() throws {
        #expect(try value("replace('abcd', '(ab)|(a)', '[1=$1][2=$2]')") == "[1=ab][2=]cd")
        #expect(try value("replace(name, ' ', '_')") == "Ana_Maria")
    }

    @Test func anInvalidLiteralPatternIsRefusedAtParseTimeAndADynamicOneIsNullWithAWarning() throws {
        #expect(throws: ExpressionError.self) { try Expression("replace(name, '(', '')") }
        let result = try evaluation("replace(name, name + '(', '')")
        #expect(result.value == .null)
        #expect(result.warnings.count == 1)
    }

    @Test func splitCutsTextAtALiteralSeparator() throws {
        #expect(try value("split('a,b,,c', ',')") == ["a", "b", "", "c"])
        #expect(try value("split('a.b', '.')") == ["a", "b"])
    }

    @Test func joinConcatenatesTextSkippingNulls() throws {
        #expect(try value("join(tags, ', ')") == "a, b, c")
        #expect(try value("join(['a', null, 'b'])") == "ab")
    }

    @Test func dateGivesTheISODateOrNullWithAWarning() throws {
        #expect(try value("date('2024-02-29')") == "2024-02-29")
        #expect(try value("date('2024-06-01T10:00:00Z')") == "2024-06-01")
        let bad = try evaluation("date('2023-02-29')")
        #expect(bad.value == .null)
        #expect(bad.warnings.count == 1)
    }

    @Test func anyAllAndFilterEvaluateTheConditionPerElementWithItemBound() throws {
        #expect(try value("any(orders, $item.price > 15)") == true)
        #expect(try value("all(orders, $item.price > limit)") == false)
        #expect(try value("filter(orders, $item.price > limit)") == [["price": 20], ["price": 12]])
        #expect(try value("any([], $item)") == false)
        #expect(try value("all(nothing, $item)") == true)
    }

    @Test func theInnermostItemBindingWins() throws {
        #expect(try value("filter(matrix, any($item, $item > 3))") == [[3, 4]])
        #expect(try value("len(filter(tags, true)) + len($item)") == 3)
    }

    @Test func aQuantifierOverSomethingElseThanAListIsNullWithAWarning() throws {
        let result = try evaluation("any(name, true)")
        #expect(result.value == .null)
        #expect(result.warnings.count == 1)
    }

    @Test func aQuantifierConditionIsNotEvaluatedForAnEmptyList() throws {
        #expect(try evaluation("any([], 1 / 0)").warnings.isEmpty)
    }
}
