import Testing
import Expressions

/// `Expression.comparedValues`: the constants a condition compares a data path with, which the
/// explorer of `flowstage audit` tries as field values to take each branch.
@Suite struct ComparedValues {
    func pairs(_ source: String) throws -> [String] {
        try Expression(source).comparedValues.map { "\($0.path)=\($0.value.displayString)" }
    }

    @Test func comparisonsNameThePathAndTheConstantOnEitherSide() throws {
        #expect(try pairs("loan.amount > 20000") == ["loan.amount=20000"])
        #expect(try pairs("'home' == loan.purpose && client.age >= -18") == ["loan.purpose=home", "client.age=-18"])
        #expect(try pairs("number(loan.term) != 12") == ["loan.term=12"], "a one-argument call compares its argument")
    }

    @Test func functionArgumentsAndListsGiveTheirConstantsToThePathBesideThem() throws {
        #expect(try pairs("contains(client.tags, 'vip')") == ["client.tags=vip"])
        #expect(try pairs("a == b") == [], "two paths compare with no constant")
        #expect(try pairs("x == null") == [], "null is not a value to fill in")
    }
}

/// FEEL's compared paths are written as `readPaths` writes them, form-js's names mapped.
@Suite struct ComparedValuesInFEEL {
    @Test func aFEELConditionsPathsAreTheDataPathsItReads() throws {
        let expression = try Expression(feel: "this.amount > 5 and parent.kind = \"a\"")
        #expect(expression.comparedValues.map(\.path) == ["$item.amount", "amount", "kind"])
        #expect(Set(expression.comparedValues.map(\.path)).isSubset(of: Set(expression.readPaths)))
    }
}
