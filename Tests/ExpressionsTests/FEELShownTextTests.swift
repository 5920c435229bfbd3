import Foundation
import Testing
import Expressions

/// A FEEL text shows what FEEL's `string()` gives (nothing for null), also where a plain path
/// is read straight from the data rather than through the engine.
@Suite struct FEELShownText {
    let data: JSONValue = [
        "employee": ["name": "Ana", "age": 41, "manager": .null, "tags": ["a", "b"]],
        "orders": [["id": 1], ["id": 2]],
        "amount": 120.5, "small": 0.1, "big": 1e21, "flag": true, "text": "x\ny",
        "this": "a datum named this",
    ]

    private func shown(_ source: String, item: JSONValue? = nil) throws -> String {
        try Expression(feel: source).shownText(in: EvaluationScope(data: data, item: item))
    }

    /// `string(path)` evaluated by the engine, a path never read as plain.
    private func engineText(_ path: String, item: JSONValue? = nil) throws -> String {
        let value = try Expression(feel: "string(\(path))").evaluate(in: EvaluationScope(data: data, item: item)).value
        return value.stringValue ?? ""
    }

    @Test func aPlainPathShowsWhatStringOfItShows() throws {
        for path in ["employee.name", "employee.age", "employee.manager", "employee.manager.name", "employee.tags",
                     "employee", "orders.id", "orders", "amount", "small", "big", "flag", "text", "missing",
                     "missing.member", "amount.member", "employee.missing", "this"] {
            #expect(try shown(path) == (try engineText(path)), "\(path)")
        }
    }

    @Test func theNamesFormJSAddsAreSeenWhereTheDataHasNone() throws {
        let row: JSONValue = ["id": 7]
        #expect(try shown("parent.amount", item: row) == "120.5")
        #expect(try shown("i", item: row) == (try engineText("i", item: row)))
        #expect(try shown("this") == "a datum named this")
    }

    @Test func nullShowsNothing() throws {
        #expect(try shown("employee.manager") == "")
        #expect(try shown("missing") == "")
    }
}
