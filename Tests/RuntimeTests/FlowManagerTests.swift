import Definitions
import Expressions
@testable import FlowStageRuntime
import Testing

/// The flow of the rules: `welcome` branches on a condition; `settings` has a custom back to a
/// state deep in the stack, `help` one to a state never visited; `Welcome` differs from `welcome`.
let managerFlowText = """
{ "name": "m", "firstState": "welcome",
  "data": { "user": { "returning": false, "age": 20 } },
  "conditions": { "isReturning": "user.returning == true", "adult": "user.age >= 18", "Adult": "false" },
  "states": [
    { "state": "intro", "events": [] },
    { "state": "welcome", "events": [
        { "eventId": "Next", "nextStates": [ { "condition": ["isReturning"], "nextState": "login" },
                                             { "condition": [], "nextState": "register" } ] },
        { "eventId": "both", "nextStates": [ { "condition": ["adult", "isReturning"], "nextState": "login" } ] },
        { "eventId": "grownUp", "nextStates": [ { "condition": ["Adult"], "nextState": "login" },
                                                { "condition": ["adult"], "nextState": "Welcome" } ] } ] },
    { "state": "Welcome", "events": [] },
    { "state": "login", "events": [ { "eventId": "next", "nextStates": [ { "condition": [], "nextState": "home" } ] } ] },
    { "state": "register", "events": [ { "eventId": "next", "nextStates": [ { "condition": [], "nextState": "home" } ] },
                                       { "eventId": "help", "nextStates": [ { "condition": [], "nextState": "help" } ] } ] },
    { "state": "home", "events": [ { "eventId": "settings", "nextStates": [ { "condition": [], "nextState": "settings" } ] } ] },
    { "state": "settings", "events": [ { "eventId": "Back", "nextStates": [ { "condition": [], "nextState": "welcome" } ] },
                                       { "eventId": "home", "nextStates": [ { "condition": [], "nextState": "home" } ] } ] },
    { "state": "help", "events": [ { "eventId": "back", "nextStates": [ { "condition": [], "nextState": "faq" } ] } ] },
    { "state": "faq", "events": [] } ] }
"""

func decodeFlow(_ text: String, registeredConditions: Set<String> = []) throws -> FlowDefinition {
    let value = try JSONParser.parse(Array(text.utf8))
    return try FlowLoader(registeredConditions: registeredConditions).decode(value, file: "flows/m.json").get()
}

func managerFlow(conditions: [String: FlowCondition] = [:]) throws -> FlowManager {
    FlowManager(flow: try decodeFlow(managerFlowText, registeredConditions: Set(conditions.keys)), conditions: conditions)
}

/// Runs `body`, which must throw a `FlowError`, and returns it.
func flowError(_ body: () throws -> Void) -> FlowError? {
    do { try body() } catch let error as FlowError { return error } catch { return nil }
    return nil
}

@Suite struct FlowManagerRules {
    @Test("Rule 1: event ids are case-insensitive") func rule1EventIdsAreCaseInsensitive() throws {
        let manager = try managerFlow()
        for spelling in ["Next", "next", "NEXT"] {
            #expect(try manager.nextState(from: "welcome", event: spelling).id == "register")
        }
        var moving = manager
        try moving.start()
        try moving.fire("nExT")
        #expect(moving.currentState?.id == "register")
    }

    @Test("Rule 2: state ids and condition ids are case-sensitive") func rule2StateAndConditionIdsAreCaseSensitive() throws {
        let manager = try managerFlow()
        #expect(manager.state(id: "welcome")?.events.count == 3)
        #expect(manager.state(id: "Welcome")?.events.isEmpty == true)
        #expect(manager.state(id: "WELCOME") == nil)
        // "Adult" is false, "adult" is true for age 20: the two ids are different conditions.
        #expect(try manager.isSatisfied("adult") == true)
        #expect(try manager.isSatisfied("Adult") == false)
        #expect(flowError { _ = try manager.isSatisfied("ADULT") }?.code == 1004)
        #expect(try manager.nextState(from: "welcome", event: "grownUp").id == "Welcome")
    }

    @Test("Rule 3: no current state gives the first state") func rule3NoCurrentStateGivesTheFirstState() throws {
        let manager = try managerFlow()
        #expect(manager.currentState == nil)
        #expect(try manager.nextState(from: nil, event: "Next").id == "welcome")
        // Without "firstState" the first entry of "states" is first.
        let noFirst = FlowManager(flow: try decodeFlow(managerFlowText.replacingOccurrences(of: #""firstState": "welcome","#, with: "")))
        #expect(try noFirst.nextState(from: nil, event: "anything").id == "intro")
        var started = manager
        #expect(try started.fire("whatever").id == "welcome")
        #expect(started.stack == ["welcome"])
    }

    @Test("Rule 4: next states are tried in order and the first satisfied wins")
    func rule4NextStatesAreTriedInOrder() throws {
        var manager = try managerFlow()
        // Not returning: the first candidate fails, the unconditional one wins.
        #expect(try manager.nextState(from: "welcome", event: "next").id == "register")
        // Returning: both candidates hold; the first in the list wins.
        manager.data = ["user": ["returning": true, "age": 20]]
        #expect(try manager.nextState(from: "welcome", event: "next").id == "login")
        // Every condition of a candidate must hold.
        #expect(try manager.nextState(from: "welcome", event: "both").id == "login")
        manager.data = ["user": ["returning": false, "age": 20]]
        #expect(flowError { _ = try manager.nextState(from: "welcome", event: "both") }?.code == 1006)
    }

    @Test("Rule 5: a condition resolves in Swift first, then in the flow's expressions")
    func rule5ConditionsResolveInSwiftFirst() throws {
        let plain = try managerFlow()
        guard case .expression(let expression)? = plain.condition(id: "isReturning") else {
            Issue.record("expected the flow's expression"); return
        }
        #expect(expression.source == "user.returning == true")

        let overridden = try managerFlow(conditions: ["isReturning": { _ in true }])
        guard case .swift? = overridden.condition(id: "isReturning") else { Issue.record("expected Swift first"); return }
        #expect(try overridden.nextState(from: "welcome", event: "next").id == "login")

        let swiftOnly = try managerFlow(conditions: ["vip": { $0["user"]?["age"] == .number(20) }])
        #expect(try swiftOnly.isSatisfied("vip") == true)
        #expect(swiftOnly.condition(id: "unknown") == nil)
        // An unknown id in a flow is a load error (1004).
        let ghost = managerFlowText.replacingOccurrences(of: #"["adult", "isReturning"]"#, with: #"["ghost"]"#)
        #expect(throws: LoadErrors.self) { try decodeFlow(ghost) }
        #expect(try decodeFlow(ghost, registeredConditions: ["ghost"]).name == "m")
    }

    @Test("Rule 6: every move to a state pushes it on the back stack") func rule6EveryMovePushes() throws {
        var manager = try managerFlow()
        try manager.start()
        try manager.fire("next")
        try manager.fire("next")
        try manager.fire("settings")
        try manager.fire("home")
        #expect(manager.stack == ["welcome", "register", "home", "settings", "home"])
        #expect(manager.currentState?.id == "home")
    }

    @Test("Rule 7 / back case 1: no custom back pops the top state") func rule7BackWithoutCustomBackPopsTheTop() throws {
        var manager = try managerFlow()
        try manager.start()
        try manager.fire("next")
        try manager.fire("next")
        #expect(manager.stack == ["welcome", "register", "home"])
        #expect(try manager.backState(from: manager.stack) == FlowMove(state: "register", stack: ["welcome", "register"]))
        #expect(try manager.back().id == "register")
        #expect(manager.stack == ["welcome", "register"])
        // Firing "back" (any case) on a state without a back event is the same move.
        #expect(try manager.fire("BACK").id == "welcome")
        #expect(manager.stack == ["welcome"])
    }

    @Test("Rule 8 / back case 2: a custom back target in the stack pops every state above it")
    func rule8CustomBackTargetInTheStack() throws {
        var manager = try managerFlow()
        try manager.start()
        try manager.fire("next")
        try manager.fire("next")
        try manager.fire("settings")
        #expect(manager.stack == ["welcome", "register", "home", "settings"])
        #expect(try manager.back().id == "welcome")
        #expect(manager.stack == ["welcome"])
    }

    @Test("Rule 8 / back case 3: a custom back target not in the stack replaces the top state")
    func rule8CustomBackTargetNotInTheStack() throws {
        var manager = try managerFlow()
        try manager.start()
        try manager.fire("next")
        try manager.fire("help")
        #expect(manager.stack == ["welcome", "register", "help"])
        #expect(try manager.back().id == "faq")
        #expect(manager.stack == ["welcome", "register", "faq"])
    }

    @Test("Rule 9 / back case 4: back from the first state is refused with error 1007")
    func rule9BackFromTheFirstStateIsRefused() throws {
        var manager = try managerFlow()
        try manager.start()
        let error = flowError { try manager.back() }
        #expect(error == .backNotPossible(state: "welcome"))
        #expect(error?.code == 1007)
        #expect(manager.stack == ["welcome"])
        #expect(flowError { _ = try manager.backState(from: []) }?.code == 1007)
    }

    // MARK: - Run-time error codes

    @Test func error1005_theCurrentStateHasNoSuchEvent() throws {
        var manager = try managerFlow()
        try manager.start()
        let error = flowError { try manager.fire("finish") }
        #expect(error?.code == 1005)
        #expect(error?.description.hasPrefix("error 1005: the state “welcome” has no event “finish”") == true)
        #expect(error?.message.contains("“Next”") == true)
        #expect(manager.stack == ["welcome"])
    }

    @Test func error1006_noNextStateIsSatisfied() throws {
        var manager = try managerFlow()
        try manager.start()
        let error = flowError { try manager.fire("both") }
        #expect(error == .noNextState(event: "both", state: "welcome"))
        #expect(error?.description.contains("“condition”: []") == true)
        #expect(manager.stack == ["welcome"])
    }

    @Test func error1007_backIsNotPossibleBeforeTheFlowStarted() throws {
        var manager = try managerFlow()
        #expect(flowError { try manager.back() }?.code == 1007)
    }

    @Test func error1003_aStackNamingAStateTheFlowLacksIsAnErrorNotACrash() throws {
        let manager = FlowManager(flow: try decodeFlow(managerFlowText), stack: ["welcome", "removed"])
        #expect(manager.currentState == nil)
        #expect(flowError { _ = try manager.nextState(from: "removed", event: "next") } == .unknownState("removed", flow: "m"))
    }

    @Test func error1004_aHandBuiltFlowNamingAnUnknownConditionIsAnErrorNotACrash() throws {
        let flow = FlowDefinition(name: "h", title: nil, firstStateID: "a", data: .object([:]), conditions: [:], states: [
            FlowState(id: "a", events: [FlowEvent(id: "go", nextStates: [FlowNextState(conditions: ["missing"], stateID: "a")])]),
        ], file: "h.json")
        let manager = FlowManager(flow: flow, stack: ["a"])
        #expect(flowError { _ = try manager.nextState(from: "a", event: "go") } == .unknownCondition("missing", flow: "h"))
    }

    @Test func aLoopingFlowKeepsABoundedStack() throws {
        var manager = try managerFlow()
        try manager.start()
        try manager.fire("next")
        try manager.fire("next")
        for _ in 0..<(FlowManager.maxStack) {
            try manager.fire("settings")
            try manager.fire("home")
        }
        #expect(manager.stack.count == FlowManager.maxStack)
        #expect(manager.currentState?.id == "home")
    }
}
