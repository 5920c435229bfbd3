import Definitions
import Expressions
@testable import FlowStageRuntime
import TestSupport
import Testing

private let child = """
[ { "id": "s", "type": "start", "next": "ask" },
  \(task("ask", key: "answer", next: "check")),
  { "id": "check", "type": "exclusiveGateway", "branches": [
      { "when": "answer == 'no'", "next": "refused" }, { "when": "answer == 'boom'", "next": "nowhere" }, { "next": "ok" } ] },
  { "id": "nowhere", "type": "exclusiveGateway", "branches": [ { "when": "false", "next": "ok" } ] },
  { "id": "refused", "type": "end", "outcome": "failed" },
  { "id": "ok", "type": "end" } ]
"""

private let parent = """
[ { "id": "s", "type": "start", "next": "review" },
  { "id": "review", "type": "callActivity", "process": "child",
    "input": { "question": "fixed * 2" }, "output": { "loan.answer": "answer" }, "next": "after" },
  \(task("after", next: "done")),
  { "id": "done", "type": "end" } ]
"""

private func started() throws -> (ProcessEngine, Instance) {
    let engine = try engine(processes: ["child": child, "parent": parent])
    return (engine, try engine.start(process: "parent", session: "s", params: [:]))
}

@Suite struct CallActivities {
    @Test func theCalledProcessesScreensWaitUnderTheCallActivitysKey() throws {
        let (engine, instance) = try started()
        #expect(instance.waiting == ["review/ask"])
        #expect(instance.calls.map(\.process) == ["child"])
        let screen = try #require(engine.screen(instance, language: "en"))
        #expect(screen.nodeID == "review/ask")
        #expect(screen.process.name == "child")
        #expect(screen.data["question"] == .number(2), "input is evaluated over the caller's data")
        #expect(screen.data["fixed"] == .number(1), "the called process starts from its own data")
    }

    @Test func theCalledProcessesEndCopiesOutputAndResumesTheCaller() throws {
        let (engine, instance) = try started()
        let resumed = try #require(try post(engine, instance, task: "review/ask", "ok", [("answer", "yes")]).applied)
        #expect(resumed.waiting == ["after"])
        #expect(resumed.calls.isEmpty)
        #expect(resumed.data["loan"]?["answer"] == .string("yes"))
        #expect(resumed.data["answer"] == nil, "the called process's data stays its own")
    }

    @Test func aCalledProcessEndingFailedFailsTheCaller() throws {
        let (engine, instance) = try started()
        let failed = try #require(try post(engine, instance, task: "review/ask", "ok", [("answer", "no")]).applied)
        #expect(failed.status == .failed)
        #expect(failed.incident?.node == "review")
        #expect(failed.incident?.message.contains("“child” ended at “review/refused”") == true)
    }

    @Test func anIncidentInsideTheCalledProcessFailsTheInstanceNamingTheNode() throws {
        let (engine, instance) = try started()
        let failed = try #require(try post(engine, instance, task: "review/ask", "ok", [("answer", "boom")]).applied)
        #expect(failed.status == .failed)
        #expect(failed.incident?.node == "review/nowhere")
    }

    @Test func aRequiredParameterOfTheCalledProcessMustComeFromInput() throws {
        var files = ["project.json": #"{ "name": "Fixture", "languages": ["en"] }"#]
        files["processes/child.json"] = #"{ "name": "child", "params": [ { "key": "client.id", "required": true } ], "nodes": \#(child) }"#
        files["processes/parent.json"] = #"{ "name": "parent", "nodes": \#(parent) }"#
        let project = try ProjectLoader(builtInThemes: nil).load(try RepositoryPaths.fixture(files)).get()
        let instance = try ProcessEngine(project: project, store: MemoryStore<Instance>()).start(process: "parent", session: "s")
        #expect(instance.status == .failed)
        #expect(instance.incident?.node == "review")
        #expect(instance.incident?.message.contains("“client.id”") == true)
    }

    @Test func aProcessCallingItselfForeverFailsAtTheDepthLimit() throws {
        let engine = try engine(processes: ["p": """
        [ { "id": "s", "type": "start", "next": "again" },
          { "id": "again", "type": "callActivity", "process": "p", "next": "done" },
          { "id": "done", "type": "end" } ]
        """])
        let instance = try engine.start(process: "p", session: "s")
        #expect(instance.status == .failed)
        #expect(instance.incident?.message.contains("nested more than \(TokenRunner.maxCallDepth) deep") == true)
    }

    @Test func theStepBoundHoldsInsideACalledProcess() throws {
        let engine = try engine(processes: ["loop": """
        [ { "id": "s", "type": "start", "next": "a" },
          { "id": "a", "type": "scriptTask", "set": { "n": "fixed" }, "next": "a" } ]
        """, "p": """
        [ { "id": "s", "type": "start", "next": "inner" },
          { "id": "inner", "type": "callActivity", "process": "loop", "next": "done" },
          { "id": "done", "type": "end" } ]
        """])
        let instance = try engine.start(process: "p", session: "s")
        #expect(instance.status == .failed)
        #expect(instance.incident?.message.contains("inner/a") == true)
    }

    @Test func theStepperCountsTheCalledProcessesStepsInTheCallersOrder() throws {
        let stepTask = { (id: String, step: String, next: String) in
            #"{ "id": "\#(id)", "type": "userTask", "step": "\#(step)", "screen": [], "actions": [ { "name": "ok", "type": "submit", "next": "\#(next)" } ] }"#
        }
        let engine = try engine(processes: ["child": """
        [ { "id": "s", "type": "start", "next": "c1" }, \(stepTask("c1", "Checks", "e")), { "id": "e", "type": "end" } ]
        """, "p": """
        [ { "id": "s", "type": "start", "next": "you" }, \(stepTask("you", "You", "call")),
          { "id": "call", "type": "callActivity", "process": "child", "next": "offer" },
          \(stepTask("offer", "Offer", "done")), { "id": "done", "type": "end" } ]
        """])
        var instance = try engine.start(process: "p", session: "s")
        instance = try #require(try post(engine, instance, task: "you", "ok").applied)
        let stepper = try #require(engine.screen(instance, language: "en")?.stepper)
        #expect(stepper.steps.map(\.source) == ["You", "Checks", "Offer"])
        #expect(stepper.current == 1)
    }

    @Test func aServiceTaskInsideACalledProcessWorksOnItsData() throws {
        let engine = try engine(processes: ["child": """
        [ { "id": "s", "type": "start", "next": "svc" },
          { "id": "svc", "type": "serviceTask", "handler": "mark", "next": "e" }, { "id": "e", "type": "end" } ]
        """, "p": """
        [ { "id": "s", "type": "start", "next": "call" },
          { "id": "call", "type": "callActivity", "process": "child", "input": { "n": "fixed + 1" }, "output": { "result": "marked" }, "next": "done" },
          { "id": "done", "type": "end" } ]
        """], handlers: ["mark": { request in
            var data = request.data
            try DataPath("marked").set(.string("\(request.process):\(request.data["n"]?.displayString ?? "")"), in: &data)
            return data
        }])
        let instance = try engine.start(process: "p", session: "s")
        #expect(instance.status == .completed)
        #expect(instance.data["result"] == .string("child:2"))
    }

    @Test func backInsideACalledProcessStaysInIt() throws {
        let engine = try engine(processes: ["two": """
        [ { "id": "s", "type": "start", "next": "one" }, \(task("one", next: "two")), \(task("two", next: "e")), { "id": "e", "type": "end" } ]
        """, "p": """
        [ { "id": "s", "type": "start", "next": "c" },
          { "id": "c", "type": "callActivity", "process": "two", "next": "done" },
          { "id": "done", "type": "end" } ]
        """])
        var instance = try engine.start(process: "p", session: "s")
        #expect(engine.screen(instance, language: "en")?.canGoBack == false)
        instance = try #require(try post(engine, instance, task: "c/one", "ok").applied)
        #expect(instance.history == ["c/one"])
        instance = try #require(try engine.back(instance.id, session: "s").applied)
        #expect(instance.waiting == ["c/one"])
    }
}
