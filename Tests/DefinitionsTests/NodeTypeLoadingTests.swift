import Expressions
import Foundation
import Testing
import TestSupport
@testable import Definitions

/// A project with processes given as file name → nodes (JSON text), named after the file.
private func projectWith(_ processes: [String: String]) throws -> URL {
    var files = ["project.json": #"{ "name": "Fixture", "languages": ["en"] }"#]
    for (name, nodes) in processes { files["processes/\(name).json"] = #"{ "name": "\#(name)", "nodes": \#(nodes) }"# }
    return try RepositoryPaths.fixture(files)
}

private func loadWith(handlers: Set<String>?, _ folder: URL) -> Result<Project, LoadErrors> {
    var loader = ProjectLoader(builtInThemes: RepositoryPaths.themes)
    loader.registeredHandlers = handlers
    return loader.load(folder)
}

private let serviceNodes = """
[ { "id": "s", "type": "start", "next": "call" },
  { "id": "call", "type": "serviceTask", "handler": "score", "next": "e", "onError": "oops", "errorKey": "error" },
  { "id": "oops", "type": "end", "outcome": "failed" },
  { "id": "e", "type": "end" } ]
"""

private let forkAndJoin = """
[ { "id": "s", "type": "start", "next": "fork" },
  { "id": "fork", "type": "parallelGateway", "next": ["a", "b"] },
  { "id": "a", "type": "scriptTask", "set": { "x": "1" }, "next": "join" },
  { "id": "b", "type": "scriptTask", "set": { "y": "2" }, "next": "join" },
  { "id": "join", "type": "parallelGateway", "next": "e" },
  { "id": "e", "type": "end" } ]
"""

@Suite struct ServiceTaskLoading {
    @Test func aServiceTaskLoadsWithItsHandlerNextOnErrorAndErrorKey() throws {
        let project = try loadWith(handlers: ["score"], try project(nodes: serviceNodes)).get()
        guard case .serviceTask(let service)? = project.process(named: "p")?.node("call")?.kind else {
            Issue.record("not a service task"); return
        }
        #expect(service.handler == "score")
        #expect(service.onError == "oops")
        #expect(service.errorKey?.description == "error")
        #expect(project.warnings.isEmpty)
    }

    @Test func anUnknownHandlerIsALoadErrorWhenTheHandlersAreKnown() throws {
        let found = loadWith(handlers: ["other"], try project(nodes: serviceNodes))
        guard case .failure(let failed) = found else { Issue.record("loaded"); return }
        #expect(failed.errors.map(\.pointer) == ["/nodes/1/handler"])
        #expect(failed.errors.first?.file == "processes/p.json")
        #expect(failed.errors.first?.message.contains("\"other\"") == true)
    }

    @Test func withoutRegisteredHandlersAServiceTaskIsAWarningNotAnError() throws {
        let project = try loadWith(handlers: nil, try project(nodes: serviceNodes)).get()
        #expect(project.warnings.map(\.pointer) == ["/nodes/1/handler"])
        #expect(project.warnings.first?.message.contains("no Swift handlers are registered") == true)
    }

    @Test func aDanglingOnErrorIsALoadError() throws {
        let nodes = serviceNodes.replacingOccurrences(of: #""onError": "oops""#, with: #""onError": "nowhere""#)
        #expect(errors(try project(nodes: nodes)).map(\.description)
                == [#"processes/p.json /nodes/1/onError: no node has the id "nowhere""#])
    }

    @Test func errorKeyWithoutOnErrorIsALoadError() throws {
        let nodes = serviceNodes.replacingOccurrences(of: #", "onError": "oops""#, with: "")
        #expect(errors(try project(nodes: nodes)).map(\.pointer) == ["/nodes/1/errorKey"])
    }

    @Test func aServiceTaskNeedsAHandlerAndNext() throws {
        let nodes = #"[ { "id": "s", "type": "start", "next": "call" }, { "id": "call", "type": "serviceTask" } ]"#
        let messages = errors(try project(nodes: nodes)).map(\.message)
        #expect(messages.contains("A service task needs \"handler\""))
        #expect(messages.contains("A service task needs \"next\""))
    }
}

@Suite struct ParallelGatewayLoading {
    @Test func aListInNextForksAndOneIdJoins() throws {
        let process = try #require(try load(try project(nodes: forkAndJoin)).get().process(named: "p"))
        guard case .parallelGateway(let targets)? = process.node("fork")?.kind else { Issue.record("not a gateway"); return }
        #expect(targets == ["a", "b"])
        #expect(process.sources(of: "join") == ["a", "b"])
    }

    @Test func aDanglingForkTargetNamesItsPlaceInTheList() throws {
        let nodes = forkAndJoin.replacingOccurrences(of: #"["a", "b"]"#, with: #"["a", "nowhere"]"#)
        #expect(errors(try project(nodes: nodes)).contains { $0.pointer == "/nodes/1/next/1" && $0.message.contains("\"nowhere\"") })
    }

    @Test func aForkListMustHoldNodeIds() throws {
        let nodes = forkAndJoin.replacingOccurrences(of: #"["a", "b"]"#, with: #"["a", 2]"#)
        #expect(errors(try project(nodes: nodes)).contains { $0.pointer == "/nodes/1/next/1" })
    }

    @Test func aJoinInAProcessThatNeverForksIsALoadError() throws {
        let nodes = """
        [ { "id": "s", "type": "start", "next": "join" },
          { "id": "join", "type": "parallelGateway", "next": "ask" },
          { "id": "ask", "type": "userTask", "screen": [], "actions": [ { "name": "again", "type": "submit", "next": "join" } ] } ]
        """
        let found = errors(try project(nodes: nodes))
        #expect(found.map(\.pointer) == ["/nodes/1"])
        #expect(found.first?.message.contains("never forks") == true)
    }

    @Test func unreachableNodeDetectionFollowsForkListsAndOnError() throws {
        let nodes = """
        [ { "id": "s", "type": "start", "next": "fork" },
          { "id": "fork", "type": "parallelGateway", "next": ["a", "b"] },
          { "id": "a", "type": "serviceTask", "handler": "h", "next": "e", "onError": "failed" },
          { "id": "b", "type": "end" },
          { "id": "failed", "type": "end", "outcome": "failed" },
          { "id": "e", "type": "end" },
          { "id": "lost", "type": "end" } ]
        """
        let project = try loadWith(handlers: ["h"], try project(nodes: nodes)).get()
        #expect(ProjectLint.unreachableNodes(project).map(\.pointer) == ["/nodes/6"])
    }
}

@Suite struct CallActivityLoading {
    private let child = """
    [ { "id": "s", "type": "start", "next": "ask" },
      { "id": "ask", "type": "userTask", "screen": [], "actions": [ { "name": "ok", "type": "submit", "next": "e" } ] },
      { "id": "e", "type": "end" } ]
    """

    private func caller(_ call: String) -> String {
        """
        [ { "id": "s", "type": "start", "next": "review" },
          \(call),
          { "id": "e", "type": "end" } ]
        """
    }

    @Test func aCallActivityLoadsWithItsInputAndOutput() throws {
        let folder = try projectWith(["child": child, "p": caller(#"{ "id": "review", "type": "callActivity", "process": "child", "input": { "amount": "loan.amount" }, "output": { "review.ok": "approved" }, "next": "e" }"#)])
        let project = try load(folder).get()
        guard case .callActivity(let call)? = project.process(named: "p")?.node("review")?.kind else { Issue.record("not a call"); return }
        #expect(call.process == "child")
        #expect(call.input.map(\.path.description) == ["amount"])
        #expect(call.output.map(\.path.description) == ["review.ok"])
        #expect(project.userTask(at: "review/ask", from: project.process(named: "p")!)?.process.name == "child")
    }

    @Test func aCallActivityNamingAnUnknownProcessIsALoadError() throws {
        let folder = try projectWith(["p": caller(#"{ "id": "review", "type": "callActivity", "process": "ghost", "next": "e" }"#)])
        #expect(errors(folder).map(\.description).first?.hasPrefix(#"processes/p.json /nodes/1/process: no process is named "ghost""#) == true)
    }

    @Test func aBadExpressionInInputOrOutputNamesItsPointer() throws {
        let folder = try projectWith(["child": child, "p": caller(#"{ "id": "review", "type": "callActivity", "process": "child", "input": { "amount": "loan.amount +" }, "output": { "ok": "(" }, "next": "e" }"#)])
        #expect(Set(errors(folder).map(\.pointer)) == ["/nodes/1/input/amount", "/nodes/1/output/ok"])
    }

    @Test func aCallActivityNeedsProcessAndNext() throws {
        let folder = try projectWith(["p": caller(#"{ "id": "review", "type": "callActivity" }"#)])
        let messages = errors(folder).map(\.message)
        #expect(messages.contains("A call activity needs \"process\""))
        #expect(messages.contains("A call activity needs \"next\""))
    }
}
