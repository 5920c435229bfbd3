import Definitions
@testable import FlowStageRuntime
import Foundation
import Testing
import TestSupport

/// The business rule tasks of ../shared/testdata/wild whose decision is in the same folder
/// evaluate it when the explorer walks their process. Skipped without the folder, failing under CI=true.
struct WildDecisionTests {
    @Test func everyWildBusinessRuleTaskWhoseDecisionIsPresentEvaluatesItInAWalk() throws {
        guard let decisions = CorpusCoverage.files("dmn"), let models = CorpusCoverage.files("bpmn") else { return }
        let folders = Set(decisions.map { $0.deletingLastPathComponent() })
            .filter { folder in models.contains { $0.deletingLastPathComponent() == folder } }
        var called = 0, evaluated = 0
        for folder in folders.sorted(by: { $0.path < $1.path }) {
            let project = try ModelHarness.load(folder).get()
            // Each task with the variable its decision sets (an end page shows only the data).
            var variables: [String: String] = [:]
            for node in project.processes.flatMap(\.nodes) {
                if case .serviceTask(let service) = node.kind, let call = service.decision {
                    variables[node.id] = call.resultVariable?.description ?? ""
                }
            }
            let tasks = Set(variables.keys)
            guard !tasks.isEmpty else { continue }
            called += tasks.count
            let exploration = Explorer(project: project, budget: ExplorationBudget(actionsPerProcess: 300, totalActions: 3_000)).run()
            var decided = Set<String>()
            for page in exploration.pages {
                switch page.recipe {
                case .screen(let instance, _), .post(let instance, _, _, _), .close(let instance):
                    decided.formUnion(instance.decisions.map(\.task))
                case .end(let end):
                    decided.formUnion(variables.filter { !$0.value.isEmpty && end.data[$0.value] != nil }.keys)
                default: break
                }
            }
            let missed = tasks.filter { task in !decided.contains { $0 == task || $0.hasSuffix("/" + task) } }
            evaluated += tasks.count - missed.count
            #expect(missed.isEmpty, "\(folder.lastPathComponent): never evaluated in a walk: \(missed.sorted())")
        }
        #expect(called >= 5, "\(called) business rule tasks call a decision of their folder")
        print("wild business rule tasks: \(evaluated) of \(called) evaluated in a walk")
    }
}
