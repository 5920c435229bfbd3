import Foundation
import TestSupport
import Testing

/// `flowstage validate` lists each DMN file's decisions: the logic (a table's hit policy and
/// size), the decisions each requires and the business rule tasks that call it.
struct ValidateDecisionsTests {
    @Test func validateListsEachDecisionWithItsTableRequirementsAndCallers() throws {
        let run = try FlowStageBinary.run(["validate", RepositoryPaths.examples.path])
        #expect(run.status == 0, "\(run.errors)")
        let lines = run.output.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(lines.contains("decision claim-route “Claim route”: decision table, FIRST, 2 rules × 2 inputs; requires claim-size; called by expense-claim/check-claim"), "\(lines)")
        #expect(lines.contains("decision claim-size “Claim size”: literalExpression; called by no task"))
    }
}
