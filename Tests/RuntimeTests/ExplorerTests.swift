import Definitions
import Expressions
@testable import FlowStageRuntime
import Foundation
import TestSupport
import Testing

/// The explorer of `flowstage audit` and `render` (`Explorer`): it walks every process and app
/// flow by itself and reports what it reached, what only by forcing a branch, and why it missed
/// the rest.
@Suite struct Exploring {
    /// `actionHandlers`: names the loader accepts (a host that registers them), though the explorer runs none.
    func project(_ files: [String: String], actionHandlers: Set<String> = []) throws -> Project {
        var all = files
        all["project.json"] = all["project.json"] ?? #"{ "name": "Fixture", "languages": ["en"] }"#
        var loader = ProjectLoader(builtInThemes: RepositoryPaths.themes)
        loader.registeredActionHandlers = actionHandlers
        return try loader.load(try RepositoryPaths.fixture(all)).get()
    }

    func process(_ name: String, _ nodes: String, extra: String = "") -> String {
        #"{ "name": "\#(name)"\#(extra), "nodes": \#(nodes) }"#
    }

    func item(_ coverage: Coverage, _ node: String) throws -> Coverage.Item {
        try #require(coverage.items.first { $0.node == node }, "no coverage item for \(node)")
    }

    @Test func aProjectWithoutScenariosReachesEveryUserTaskAndEndTheGraphCanReach() throws {
        let folder = try RepositoryPaths.copyOfExamples()
        try FileManager.default.removeItem(at: folder.appendingPathComponent("scenarios"))
        let project = try ProjectLoader(builtInThemes: RepositoryPaths.themes).load(folder).get()
        let exploration = Explorer(project: project).run()
        let coverage = exploration.coverage
        #expect(coverage.unreached.isEmpty, "\(coverage.unreached.map { "\($0.place): \($0.reason ?? "")" })")
        // A stand-in's page that a decision, example data or a mock answers for is no place to reach.
        let fallbacks = Set(project.processes.flatMap(\.nodes).compactMap { node -> String? in
            guard case .serviceTask(let service) = node.kind else { return nil }
            let answered = service.decision != nil || service.example != nil || service.handlerNames.contains { project.mocks[$0] != nil }
            return answered ? service.ask : nil
        })
        let expected = project.processes.reduce(0) { total, process in
            total + process.nodes.filter { if case .end = $0.kind { true } else { $0.userTask != nil && !fallbacks.contains($0.id) } }.count
        } + project.flows.reduce(0) { $0 + $1.states.count }
        #expect(coverage.items.count == expected)
        // Data, not force, takes the loan past 20 000 to the adviser, and a sample file past the documents.
        for node in ["adviser", "documents", "review", "offer", "done"] {
            #expect(try item(coverage, node).status == .reached, "\(node)")
        }
        // Every end page is rendered with its outcome, and every screen with its error state.
        let ends = Set(exploration.pages.filter { $0.state == .end }.map(\.node))
        #expect(ends.isSuperset(of: ["done", "review", "claim-paid", "claim-rejected"]), "\(ends)")
        let errors = Set(exploration.pages.filter { $0.state == .errors }.map(\.node))
        #expect(errors.isSuperset(of: ["personal", "loan", "offer", "adviser", "documents", "register", "goal"]), "\(errors)")
        let flowStates = Set(exploration.pages.filter { $0.owner == .flow("onboarding") }.map(\.node))
        #expect(flowStates == ["welcome", "login", "register", "goal", "thanks", "browse"], "every flow state with a screen")
        #expect(try item(coverage, "apply").status == .reached, "the flow state that starts a process")
    }

    @Test func aBranchBehindAConditionIsReachedWithDataTheConditionComparesWithAloneAndTogether() throws {
        let project = try project(["processes/p.json": process("p", """
            [ { "id": "s", "type": "start", "next": "ask" },
              { "id": "ask", "type": "userTask", "screen": [
                  { "type": "input", "inputType": "number", "key": "amount", "label": "Amount",
                    "validators": [ { "type": "required" }, { "type": "min", "value": 100 }, { "type": "max", "value": 90000 } ] },
                  { "type": "select", "key": "kind", "label": "Kind", "validators": [ { "type": "required" } ],
                    "options": [ { "value": "a", "label": "A" }, { "value": "b", "label": "B" }, { "value": "c", "label": "C" } ] } ],
                "actions": [ { "name": "go", "type": "submit", "next": "route" } ] },
              { "id": "route", "type": "exclusiveGateway", "branches": [
                  { "when": "amount > 5000 && kind == 'b'", "next": "both" },
                  { "when": "amount > 20000", "next": "big" }, { "when": "kind == 'c'", "next": "odd" }, { "next": "small" } ] },
              { "id": "both", "type": "end", "outcome": "completed" },
              { "id": "big", "type": "end", "outcome": "completed" },
              { "id": "odd", "type": "end", "outcome": "cancelled" },
              { "id": "small", "type": "end", "outcome": "completed" } ]
            """)])
        let exploration = Explorer(project: project).run()
        for node in ["both", "big", "odd", "small"] {
            let found = try item(exploration.coverage, node)
            #expect(found.status == .reached, "\(node): \(found.status) \(found.reason ?? "")")
        }
        let big = try #require(exploration.pages.first { $0.node == "big" })
        #expect(big.trail.contains { $0.contains("amount = 20001") }, "\(big.trail)")
        let both = try #require(exploration.pages.first { $0.node == "both" })
        #expect(both.trail.last == "ask: go [amount = 5001, kind = b]", "both values of one condition together: \(both.trail)")
        #expect(exploration.end(big)?.outcome == "completed")
        #expect(exploration.pages.first { $0.node == "odd" }.flatMap(exploration.end)?.outcome == "cancelled")
    }

    @Test func aBranchNoExploredDataTakesIsForcedAndSaysWhich() throws {
        let project = try project(["processes/p.json": process("p", """
            [ { "id": "s", "type": "start", "next": "route" },
              { "id": "route", "type": "exclusiveGateway", "branches": [
                  { "when": "external.approved == true", "next": "approved" }, { "next": "waiting" } ] },
              { "id": "approved", "type": "userTask", "screen": [ { "type": "text", "markdown": "Approved" } ],
                "actions": [ { "name": "ok", "type": "submit", "next": "done" } ] },
              { "id": "waiting", "type": "userTask", "screen": [ { "type": "text", "markdown": "Waiting" } ],
                "actions": [ { "name": "ok", "type": "submit", "next": "done" } ] },
              { "id": "done", "type": "end" } ]
            """)])
        let exploration = Explorer(project: project).run()
        let approved = try item(exploration.coverage, "approved")
        #expect(approved.status == .forced)
        #expect(approved.reason?.contains("gateway “route”") == true, "\(approved.reason ?? "")")
        #expect(approved.reason?.contains("external.approved == true") == true)
        #expect(try item(exploration.coverage, "waiting").status == .reached)
        #expect(try item(exploration.coverage, "done").status == .reached, "reached honestly through “waiting”")
        let page = try #require(exploration.pages.first { $0.node == "approved" })
        #expect(page.forced)
        #expect(exploration.screen(page, language: "en")?.nodeID == "approved")
    }

    /// The branch without a condition is named by when it is taken: in an imported model it
    /// leads to the "Which way?" page of a gateway that has no default flow.
    @Test func aForcedBranchWithoutAConditionSaysWhenItIsTaken() throws {
        let project = try project(["processes/p.json": process("p", """
            [ { "id": "s", "type": "start", "next": "route" },
              { "id": "route", "type": "exclusiveGateway", "branches": [ { "when": "true", "next": "left" }, { "next": "right" } ] },
              { "id": "left", "type": "userTask", "screen": [ { "type": "text", "markdown": "Left" } ],
                "actions": [ { "name": "ok", "type": "submit", "next": "done" } ] },
              { "id": "right", "type": "userTask", "screen": [ { "type": "text", "markdown": "Right" } ],
                "actions": [ { "name": "ok", "type": "submit", "next": "done" } ] },
              { "id": "done", "type": "end" } ]
            """)])
        let right = try item(Explorer(project: project).run().coverage, "right")
        #expect(right.status == .forced)
        #expect(right.reason?.contains("(taken when no other condition holds)") == true, "\(right.reason ?? "")")
    }

    @Test func aScreenWithRequiredFieldsHasItsErrorStateFromTheEmptyPost() throws {
        let project = try project(["processes/p.json": process("p", """
            [ { "id": "s", "type": "start", "next": "ask" },
              { "id": "ask", "type": "userTask", "screen": [
                  { "type": "input", "key": "name", "label": "Name", "validators": [ { "type": "required" }, { "type": "pattern", "value": "[A-Z]{2}[0-9]{3}" } ] },
                  { "type": "checkbox", "key": "agree", "label": "I agree", "validators": [ { "type": "requiredTrue" } ] },
                  { "type": "datepicker", "key": "when", "label": "When", "validators": [ { "type": "isSameOrAfterToday" } ] } ],
                "actions": [ { "name": "go", "type": "submit", "next": "e" } ] },
              { "id": "plain", "type": "userTask", "screen": [ { "type": "input", "key": "note", "label": "Note" } ],
                "actions": [ { "name": "go", "type": "submit", "next": "e" } ] },
              { "id": "e", "type": "end" } ]
            """)])
        let exploration = Explorer(project: project).run()
        let errors = try #require(exploration.pages.first { $0.node == "ask" && $0.state == .errors })
        let state = try #require(exploration.screen(errors, language: "en"))
        #expect(Set(state.errors.map(\.key)) == ["name", "agree"])
        #expect(try item(exploration.coverage, "e").status == .reached, "the filled form passes: a text the pattern matches, true, a date")
        #expect(try item(exploration.coverage, "ask").notes.isEmpty)
    }

    /// The filler's texts are typed as a post types them: a time input gets a time, a
    /// date-and-time input a real one, a phone validator an international number.
    @Test func aRequiredTimeDateTimeAndPhoneAreFilledWithValuesTheyAccept() throws {
        let project = try project(["processes/p.json": process("p", """
            [ { "id": "s", "type": "start", "next": "ask" },
              { "id": "ask", "type": "userTask", "screen": [
                  { "type": "input", "key": "at", "label": "At", "inputType": "time", "validators": [ { "type": "required" } ] },
                  { "type": "input", "key": "meet", "label": "Meet", "inputType": "datetime-local", "validators": [ { "type": "required" } ] },
                  { "type": "input", "key": "phone", "label": "Phone", "validators": [ { "type": "required" }, { "type": "phone" } ] } ],
                "actions": [ { "name": "go", "type": "submit", "next": "e" } ] },
              { "id": "e", "type": "end" } ]
            """)])
        let exploration = Explorer(project: project).run()
        #expect(try item(exploration.coverage, "e").status == .reached)
        let notes = try item(exploration.coverage, "ask").notes
        #expect(notes.isEmpty, "\(notes)")
    }

    /// A list in another's rows (`groups[].people`) gets a row in the first group's row, shown
    /// with its fields; with a row there, its Remove is tried too.
    @Test func aListInAnotherListsRowsGetsARowInTheFirstRow() throws {
        let project = try project(["processes/p.json": process("p", """
            [ { "id": "s", "type": "start", "next": "ask" },
              { "id": "ask", "type": "userTask", "screen": [
                  { "type": "collection", "source": "groups", "label": "Groups", "item": [
                      { "type": "collection", "source": "$item.people", "label": "People", "item": [
                          { "type": "input", "key": "name", "label": "Name" },
                          { "type": "button", "label": "Remove", "action": "removePerson" } ] },
                      { "type": "button", "label": "Add a person", "action": "addPerson" } ] } ],
                "actions": [ { "name": "addPerson", "type": "addItem", "key": "groups[].people" },
                             { "name": "removePerson", "type": "removeItem", "key": "groups[].people" },
                             { "name": "go", "type": "submit", "next": "e" } ] },
              { "id": "e", "type": "end" } ]
            """, extra: #", "data": { "groups": [ { "title": "A" } ] }"#)])
        let exploration = Explorer(project: project).run()
        let added = try #require(exploration.pages.first { $0.node == "ask" && $0.state == .variant })
        #expect(added.trail.last?.contains("addPerson") == true, "\(added.trail)")
        let state = try #require(exploration.screen(added, language: "en"))
        #expect(state.data["groups"]?[0]?["people"]?.arrayValue?.count == 1)
        let keys = state.components.flatMap(\.flattened).compactMap { $0.definition.key?.description }
        #expect(keys.contains("groups[0].people[0].name"), "\(keys)")
    }

    @Test func anUnreachableNodeIsListedWithAReason() throws {
        let project = try project(["processes/p.json": process("p", """
            [ { "id": "s", "type": "start", "next": "ask" },
              { "id": "ask", "type": "userTask", "screen": [ { "type": "text", "markdown": "Hello" } ],
                "actions": [ { "name": "go", "type": "submit", "next": "check" },
                             { "name": "score", "type": "handler", "handler": "scoring", "next": "scored" } ] },
              { "id": "check", "type": "serviceTask", "handler": "creditCheck", "next": "checked" },
              { "id": "checked", "type": "userTask", "screen": [ { "type": "text", "markdown": "Checked" } ],
                "actions": [ { "name": "ok", "type": "submit", "next": "e" } ] },
              { "id": "scored", "type": "userTask", "screen": [ { "type": "text", "markdown": "Scored" } ],
                "actions": [ { "name": "ok", "type": "submit", "next": "e" } ] },
              { "id": "orphan", "type": "userTask", "screen": [ { "type": "text", "markdown": "Nobody comes here" } ],
                "actions": [ { "name": "ok", "type": "submit", "next": "e" } ] },
              { "id": "e", "type": "end" } ]
            """)], actionHandlers: ["scoring"])
        let coverage = Explorer(project: project).run().coverage
        let orphan = try item(coverage, "orphan")
        #expect(orphan.status == .unreached)
        #expect(orphan.reason == "no path from the start node leads here")
        let checked = try item(coverage, "checked")
        #expect(checked.status == .unreached)
        #expect(checked.reason?.contains("service task “check”, whose handler “creditCheck” the CLI does not register") == true, "\(checked.reason ?? "")")
        let scored = try item(coverage, "scored")
        #expect(scored.status == .unreached)
        #expect(scored.reason?.contains("action “score” of “ask”, whose handler “scoring” the CLI does not register") == true, "\(scored.reason ?? "")")
        #expect(try item(coverage, "e").status == .unreached)
        #expect(coverage.summary.hasPrefix("coverage: 1 of 5 "), "\(coverage.summary)")
    }

    @Test func theExplorerStopsAtItsBudgetOnAProcessThatLoopsForeverWithANote() throws {
        let project = try project(["processes/p.json": process("p", """
            [ { "id": "s", "type": "start", "next": "count" },
              { "id": "count", "type": "userTask", "screen": [ { "type": "text", "markdown": "Again?" } ],
                "actions": [ { "name": "again", "type": "submit", "next": "add" } ] },
              { "id": "add", "type": "scriptTask", "set": { "n": "n + 1" }, "next": "count" },
              { "id": "never", "type": "end" } ]
            """, extra: #", "data": { "n": 0 }"#)])
        let budget = ExplorationBudget(actionsPerProcess: 40, statesPerPlace: 1_000)
        let exploration = Explorer(project: project, budget: budget).run()
        #expect(exploration.coverage.actions == 40)
        let note = try #require(exploration.coverage.notes.first, "\(exploration.coverage.notes)")
        #expect(note.hasPrefix("process “p”: stopped at the budget of 40 actions"), "\(note)")
        #expect(note.contains("it keeps making new data (a loop?)"))
        // The default budget stops it sooner: a place's data variations are bounded too.
        let bounded = Explorer(project: project).run().coverage
        #expect(bounded.actions <= ExplorationBudget().statesPerPlace + 1, "\(bounded.actions)")
        #expect(try item(bounded, "count").status == .reached)
        #expect(try item(bounded, "never").reason == "no path from the start node leads here")
        #expect(bounded.notes.contains { $0.contains("more data variations than the 8 explored per place") }, "\(bounded.notes)")
    }

    @Test func theTotalBudgetLeavesLaterProcessesUnexploredAndSaysSo() throws {
        let one = process("a", #"[ { "id": "s", "type": "start", "next": "t" }, \#(task("t", next: "e")), { "id": "e", "type": "end" } ]"#)
        let two = process("b", #"[ { "id": "s", "type": "start", "next": "t2" }, \#(task("t2", next: "e")), { "id": "e", "type": "end" } ]"#)
        let project = try project(["processes/a.json": one, "processes/b.json": two])
        let coverage = Explorer(project: project, budget: ExplorationBudget(totalActions: 1)).run().coverage
        #expect(try #require(coverage.items.first { $0.owner == .process("b") }).reason?.contains("total budget of 1 actions ran out") == true)
        #expect(coverage.notes.last?.contains("not explored: process “b”") == true, "\(coverage.notes)")
    }

    @Test func everyFlowStateIsReachedAndAConditionNoDataMeetsIsForced() throws {
        let project = try project(["flows/f.json": """
            { "name": "f", "firstState": "pick", "data": {},
              "conditions": { "wantsB": "choice == 'b'", "vip": "customer.vip == true" },
              "states": [
                { "state": "pick", "screen": [
                    { "type": "radio", "key": "choice", "label": "Choice", "validators": [ { "type": "required" } ],
                      "options": [ { "value": "a", "label": "A" }, { "value": "b", "label": "B" } ] },
                    { "type": "button", "label": "Next", "event": "next" } ],
                  "events": [ { "eventId": "next", "nextStates": [
                      { "condition": ["vip"], "nextState": "lounge" },
                      { "condition": ["wantsB"], "nextState": "b" },
                      { "condition": [], "nextState": "a" } ] } ] },
                { "state": "a", "screen": [ { "type": "text", "markdown": "A" } ], "events": [] },
                { "state": "b", "screen": [ { "type": "text", "markdown": "B" } ], "events": [] },
                { "state": "lounge", "screen": [ { "type": "text", "markdown": "Lounge" } ], "events": [] } ] }
            """])
        let exploration = Explorer(project: project).run()
        let coverage = exploration.coverage
        #expect(try item(coverage, "a").status == .reached)
        #expect(try item(coverage, "b").status == .reached)
        let lounge = try item(coverage, "lounge")
        #expect(lounge.status == .forced)
        #expect(lounge.reason?.contains("vip never held") == true, "\(lounge.reason ?? "")")
        let errors = try #require(exploration.pages.first { $0.node == "pick" && $0.state == .errors })
        #expect(exploration.screen(errors, language: "en")?.errors.map(\.key) == ["choice"])
    }

    @Test func aModalProcessHasItsCloseConfirmation() throws {
        let project = try project(["processes/p.json": process("p", """
            [ { "id": "s", "type": "start", "next": "t" },
              { "id": "t", "type": "userTask", "screen": [ { "type": "text", "markdown": "Hi" } ],
                "actions": [ { "name": "close", "type": "dismiss" }, { "name": "ok", "type": "submit", "next": "e" } ] },
              { "id": "e", "type": "end" } ]
            """, extra: #", "modal": true"#)])
        let exploration = Explorer(project: project).run()
        let close = try #require(exploration.pages.first { $0.state == .close })
        #expect(exploration.closing(close)?.process.name == "p")
        #expect(exploration.pages.filter { $0.state == .close }.count == 1)
    }

    @Test func theSameProjectGivesTheSamePagesEveryTime() throws {
        let project = try ProjectLoader(builtInThemes: RepositoryPaths.themes).load(RepositoryPaths.examples).get()
        let first = Explorer(project: project).run()
        let second = Explorer(project: project).run()
        #expect(first.pages.map { "\($0.owner)/\($0.node)/\($0.state)/\($0.trail)" } == second.pages.map { "\($0.owner)/\($0.node)/\($0.state)/\($0.trail)" })
        #expect(first.coverage.actions == second.coverage.actions)
    }

    @Test func aSimplePatternGetsATextItMatches() throws {
        for source in [#"[A-Z]{2}\d{4}"#, #"\d{3}-\d{4}"#, #"(foo|bar)+baz?"#, #"[^0-9]{3,5}"#, #"^RO\d{2}[A-Z]{4}[0-9A-Z]{16}$"#, #"(?:ab)*c"#] {
            let pattern = try Pattern(source)
            for generous in [false, true] {
                let sample = try #require(PatternSample.sample(source, generous: generous), "\(source)")
                #expect(pattern.matchesWhole(sample), "\(source) → \(sample)")
            }
        }
        #expect(PatternSample.sample(#"(a)\1"#) == nil, "backreferences are not simple")
        #expect(PatternSample.sample(#"(?=a)a"#) == nil, "nor lookaround")
        #expect(PatternSample.sample(String(repeating: "(", count: 5_000) + "a" + String(repeating: ")", count: 5_000)) == nil,
                "nor a pattern nested deeper than 32 groups")
    }
}
