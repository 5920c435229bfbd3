import Definitions
import Expressions
@testable import FlowStageRuntime
import Foundation
import TestSupport
import Testing

/// Posted values are typed by their component (screens.md, process.md "Data"); a wrong type
/// is a field error, never a crash.
@Suite struct FormTypingRules {
    func component(_ type: ComponentType, _ properties: [String: JSONValue] = [:], options: [String] = []) -> Component {
        Component(type: type, key: try! DataPath("x"), options: options.map { Option(value: $0, label: Text($0)) },
                  properties: properties)
    }

    @Test func aSwitchStoresABoolean() {
        #expect(FormTyping.type(component(.switch), posted: ["true"]).value == .bool(true))
    }

    @Test func anUncheckedSwitchStoresFalse() {
        #expect(FormTyping.type(component(.switch), posted: []).value == .bool(false))
    }

    @Test func aSliderStoresANumber() {
        let typed = FormTyping.type(component(.slider, ["min": 0, "max": 10]), posted: ["7.5"])
        #expect(typed.value == .number(7.5) && typed.problem == nil)
    }

    @Test func aSliderValueThatIsNotANumberIsAFieldError() {
        let typed = FormTyping.type(component(.slider), posted: ["lots"])
        #expect(typed.problem == .number && typed.raw == "lots")
    }

    @Test func aSliderValueOutsideItsRangeIsAFieldError() {
        let slider = component(.slider, ["min": 0, "max": 10])
        #expect(FormTyping.type(slider, posted: ["11"]).problem == .max)
        #expect(FormTyping.type(slider, posted: ["-1"]).problem == .min)
        #expect(FormTyping.type(slider, posted: ["11"]).bound == "10")
    }

    @Test func aDatepickerStoresAnISODate() {
        #expect(FormTyping.type(component(.datepicker), posted: ["2024-02-29"]).value == .string("2024-02-29"))
    }

    @Test func aWrongDateIsAFieldError() {
        for wrong in ["2023-02-29", "29/02/2024", "2024-2-9", "tomorrow"] {
            #expect(FormTyping.type(component(.datepicker), posted: [wrong]).problem == .date, "\(wrong)")
        }
    }

    @Test func aDateOutsideMinAndMaxIsAFieldError() {
        let picker = component(.datepicker, ["min": "2024-01-01", "max": "2024-12-31"])
        #expect(FormTyping.type(picker, posted: ["2023-12-31"]).problem == .dateMin)
        #expect(FormTyping.type(picker, posted: ["2025-01-01"]).problem == .dateMax)
        #expect(FormTyping.type(picker, posted: ["2024-06-01"]).problem == nil)
    }

    @Test func aTodayBoundIsTheDayOfThePost() {
        let picker = component(.datepicker, ["min": "today"])
        #expect(FormTyping.type(picker, posted: ["2030-05-01"], today: "2030-05-02").problem == .dateMin)
        #expect(FormTyping.type(picker, posted: ["2030-05-02"], today: "2030-05-02").problem == nil)
    }

    @Test func aTimeInputStoresA24HourTimeAsPosted() {
        let time = Component(type: .input, key: try! DataPath("x"), inputType: "time")
        for good in ["9:30", "09:30", "23:59", "14:30:15"] {
            let typed = FormTyping.type(time, posted: [good])
            #expect(typed.value == .string(good) && typed.problem == nil, "\(good)")
        }
        for wrong in ["24:00", "9.30", "14:60", "930", "9:3", "noon", "14:30:5"] {
            #expect(FormTyping.type(time, posted: [wrong]).problem == .time, "\(wrong)")
        }
        #expect(FormTyping.type(time, posted: [""]).value == .null)
    }

    @Test func aDateTimeInputStoresARealDateAndTimeAsPosted() {
        let dateTime = Component(type: .input, key: try! DataPath("x"), inputType: "datetime-local")
        for good in ["2024-02-29T09:30", "2026-03-27T14:30:15"] {
            #expect(FormTyping.type(dateTime, posted: [good]).problem == nil, "\(good)")
        }
        for wrong in ["2023-02-29T09:30", "2026-03-27", "2026-03-27T9:30", "2026-03-27 14:30", "27/03/2026T14:30"] {
            #expect(FormTyping.type(dateTime, posted: [wrong]).problem == .dateTime, "\(wrong)")
        }
    }

    @Test func decimalPlacesAreCountedOnTheNumbersShortestForm() {
        #expect(FieldValidator.decimalPlaces(12) == 0 && FieldValidator.decimalPlaces(12.5) == 1)
        #expect(FieldValidator.decimalPlaces(-0.125) == 3 && FieldValidator.decimalPlaces(1e16) == 0)
        #expect(FieldValidator.decimalPlaces(0.000015) == 6)
    }

    @Test func aPhoneNumberIsAPlusAndTwoToFifteenDigits() {
        for good in ["+442071838750", "+40721000000", "+12"] { #expect(FieldValidator.isInternationalPhoneNumber(good), "\(good)") }
        for wrong in ["0721000000", "+0721", "+44 20 7183 8750", "+1", "+1234567890123456", "tel"] {
            #expect(!FieldValidator.isInternationalPhoneNumber(wrong), "\(wrong)")
        }
    }

    /// A post writes only what the screen offered: with no options, nothing.
    @Test func aChoiceOfferingNothingAcceptsNothing() {
        for type in [ComponentType.select, .radio, .segmented, .multiselect] {
            #expect(FormTyping.type(component(type), posted: ["true"], options: []).problem == .option, "\(type)")
        }
        #expect(FormTyping.type(component(.select), posted: [""], options: []).problem == nil)
    }

    @Test func aMultiselectStoresAnArray() {
        let typed = FormTyping.type(component(.multiselect, options: ["a", "b", "c"]), posted: ["c", "a", "c"])
        #expect(typed.value == .array([.string("c"), .string("a")]))
    }

    @Test func aMultiselectValueOutsideItsOptionsIsAFieldError() {
        #expect(FormTyping.type(component(.multiselect, options: ["a"]), posted: ["z"]).problem == .option)
    }

    @Test func aSegmentedValueOutsideItsOptionsIsAFieldError() {
        #expect(FormTyping.type(component(.segmented, options: ["a"]), posted: ["z"]).problem == .option)
    }
}

/// Posts through the engine on the example `preferences` process: only keys bound to visible,
/// enabled components are read, collection items included.
@Suite struct CatalogueFormPosts {
    let engine: ProcessEngine

    init() throws {
        let project = try ProjectLoader(builtInThemes: RepositoryPaths.themes).load(RepositoryPaths.examples).get()
        engine = ProcessEngine(project: project, store: MemoryStore<Instance>(),
                               configuration: .init(now: { Date(timeIntervalSince1970: 1_900_000_000) }))
    }

    static let validChoices = [("prefs.topics", "loans"), ("prefs.topics", "cards"), ("prefs.frequency", "daily"),
                               ("prefs.budget", "100"), ("prefs.start", "2099-01-01")]

    func post(_ instance: Instance, _ action: String, _ values: [(String, String)]) throws -> ActionResult {
        try engine.perform(action: action, on: instance.id, session: "s",
                           form: PostedForm([("_screen", instance.current ?? "")] + values), language: "en")
    }

    func atAccounts() throws -> Instance {
        let instance = try engine.start(process: "preferences", session: "s")
        guard case .applied(let moved) = try post(instance, "continue", Self.validChoices) else {
            Issue.record("choices refused"); throw CancellationError()
        }
        return moved
    }

    func errors(_ result: ActionResult) -> [String] {
        if case .invalid(let state) = result { return state.errors.map(\.key) }
        return []
    }

    @Test func postedValuesAreStoredTypedByTheirComponent() throws {
        let moved = try atAccounts()
        let prefs = try #require(moved.data["prefs"])
        #expect(prefs["topics"] == .array([.string("loans"), .string("cards")]))
        #expect(prefs["budget"] == .number(100))
        #expect(prefs["start"] == .string("2099-01-01"))
        #expect(prefs["newsletter"] == .bool(false), "a switch on the screen that posts nothing is false")
    }

    @Test func aWrongTypeIsAFieldErrorNotAStoredValue() throws {
        let instance = try engine.start(process: "preferences", session: "s")
        let result = try post(instance, "continue", Self.validChoices.filter { $0.0 != "prefs.budget" }
            + [("prefs.budget", "5000"), ("prefs.weight", "heavy")])
        #expect(errors(result) == ["prefs.budget", "prefs.weight"])
    }

    /// A date is typed where there is no picker (or script): a missing one is asked for as a date, not an option.
    @Test func aRequiredDateLeftEmptyAsksForADate() throws {
        let instance = try engine.start(process: "preferences", session: "s")
        let result = try post(instance, "continue", Self.validChoices.filter { $0.0 != "prefs.start" })
        guard case .invalid(let state) = result else { Issue.record("the post is refused"); return }
        #expect(state.errors.map(\.key) == ["prefs.start"])
        #expect(state.errors.first?.message.hasSuffix(": enter a date") == true)
    }

    @Test func aTextareaMaxLengthIsValidated() throws {
        let instance = try engine.start(process: "preferences", session: "s")
        let result = try post(instance, "continue", Self.validChoices + [("prefs.note", String(repeating: "a", count: 201))])
        #expect(errors(result) == ["prefs.note"])
    }

    @Test func aDateBeforeTodayIsRefusedWhenMinIsToday() throws {
        let instance = try engine.start(process: "preferences", session: "s")
        let result = try post(instance, "continue", Self.validChoices.filter { $0.0 != "prefs.start" } + [("prefs.start", "2020-01-01")])
        guard case .invalid(let state) = result else { Issue.record("accepted"); return }
        // The bound is written as the page's locale writes dates (the example's en-GB); the post stays ISO.
        #expect(state.errors.first?.message.contains("17 March 2030") == true, "\(state.errors)")
    }

    @Test func collectionItemKeysAreRelativeToTheirItem() throws {
        let moved = try atAccounts()
        guard case .applied(let done) = try post(moved, "save", [("accounts[1].nickname", "Rainy day"), ("prefs.mainAccount", "1")])
        else { Issue.record("refused"); return }
        #expect(done.data["accounts"]?[1]?["nickname"] == .string("Rainy day"))
        #expect(done.data["accounts"]?[1]?["notify"] == .bool(false))
    }

    @Test func onlyKeysOfShownCollectionItemsAreAccepted() throws {
        let moved = try atAccounts()
        guard case .applied(let done) = try post(moved, "save", [("accounts[2].notify", "true"), ("accounts[7].nickname", "x"),
                                                                  ("prefs.mainAccount", "0")])
        else { Issue.record("refused"); return }
        #expect(done.data["accounts"]?[2]?["notify"] == nil, "the inactive account's switch is hidden")
        #expect(done.data["accounts"]?.arrayValue?.count == 3, "no item is made up by a post")
    }

    @Test func aCollectionSelectionStoresTheItemIndex() throws {
        let moved = try atAccounts()
        guard case .applied(let done) = try post(moved, "save", [("prefs.mainAccount", "2")]) else { Issue.record("refused"); return }
        #expect(done.data["prefs"]?["mainAccount"] == .number(2))
    }

    @Test func aCollectionSelectionOutsideItsItemsIsAFieldError() throws {
        let moved = try atAccounts()
        #expect(errors(try post(moved, "save", [("prefs.mainAccount", "9")])) == ["prefs.mainAccount"])
    }

    @Test func aHiddenSwitchKeepsItsValue() throws {
        let engine = try FlowStageRuntime.ProcessEngine(project: ProjectLoader(builtInThemes: RepositoryPaths.themes).load(
            try RepositoryPaths.fixture([
                "project.json": #"{ "name": "Fixture", "languages": ["en"] }"#,
                "processes/p.json": #"""
                { "name": "p", "data": { "on": true, "hideIt": true }, "nodes": [
                  { "id": "s", "type": "start", "next": "t" },
                  { "id": "t", "type": "userTask", "screen": [ { "type": "switch", "key": "on", "label": "On", "hide": "hideIt" } ],
                    "actions": [ { "name": "ok", "type": "submit", "next": "e" } ] },
                  { "id": "e", "type": "end" } ] }
                """#])).get(), store: MemoryStore<Instance>())
        let instance = try engine.start(process: "p", session: "s")
        guard case .applied(let done) = try engine.perform(action: "ok", on: instance.id, session: "s",
                                                           form: PostedForm([("_screen", "t")]), language: "en")
        else { Issue.record("refused"); return }
        #expect(done.data["on"] == .bool(true), "absence means false only when the switch was on the screen")
    }

    @Test func aCustomComponentPostsOnlyItsRegisteredKeysAndIsValidated() throws {
        let project = try ProjectLoader(builtInThemes: RepositoryPaths.themes).load(try RepositoryPaths.fixture([
            "project.json": #"{ "name": "Fixture", "languages": ["en"] }"#,
            "processes/p.json": #"""
            { "name": "p", "nodes": [
              { "id": "s", "type": "start", "next": "t" },
              { "id": "t", "type": "userTask", "screen": [ { "type": "custom", "identifier": "stars", "label": "Rating", "inputKeys": ["rating"] } ],
                "actions": [ { "name": "ok", "type": "submit", "next": "e" } ] },
              { "id": "e", "type": "end" } ] }
            """#])).get()
        var configuration = ProcessEngine.Configuration()
        configuration.customComponents["stars"] = CustomComponentFields(keys: [try DataPath("rating")]) { values in
            ["1", "2", "3", "4", "5"].contains(values["rating"]?.stringValue ?? "") ? nil : "Choose from 1 to 5 stars"
        }
        let engine = ProcessEngine(project: project, store: MemoryStore<Instance>(), configuration: configuration)
        let instance = try engine.start(process: "p", session: "s")
        let refused = try engine.perform(action: "ok", on: instance.id, session: "s",
                                         form: PostedForm([("_screen", "t"), ("rating", "9")]), language: "en")
        guard case .invalid(let state) = refused else { Issue.record("accepted"); return }
        #expect(state.errors == [FieldError(key: "rating", message: "Choose from 1 to 5 stars")])
        let accepted = try engine.perform(action: "ok", on: instance.id, session: "s",
                                          form: PostedForm([("_screen", "t"), ("rating", "4"), ("other", "x")]), language: "en")
        guard case .applied(let done) = accepted else { Issue.record("refused"); return }
        #expect(done.data["rating"] == .string("4"))
        #expect(done.data["other"] == nil)
    }
}
