import Definitions
import Expressions
import Foundation
import Testing
import TestSupport
@testable import Rendering

/// A page plan prints what the general path prints, whatever a screen holds: every component
/// type with its words reading the data (`${who}`, and `${$item.who}` in an item), on its own,
/// in a card and in a collection's item, on pages of one plan whose data differ (empty too, and
/// a list longer than the items made with the definition).
@Suite struct PlannedAgainstGeneral {
    /// One component of each type, its words reading `who` through `word` (`${who}` or
    /// `${$item.who}`); `f` is its key, `rows` a table's source, `pic` an image's.
    static func components(_ word: String) -> [String] {
        let options = #"[ { "value": "a", "label": "A \#(word)" }, { "value": "b", "label": "B" } ]"#
        return [
            #"{ "type": "input", "key": "f", "label": "Name \#(word)", "hint": "Hint \#(word)", "placeholder": "e.g. \#(word)", "prefix": "€" }"#,
            #"{ "type": "input", "key": "f", "label": "Amount", "hint": "Hint", "prefix": "\#(word)", "suffix": "per \#(word)" }"#,
            #"{ "type": "textarea", "key": "f", "label": "Notes \#(word)", "placeholder": "e.g. \#(word)" }"#,
            #"{ "type": "select", "key": "f", "label": "Pick \#(word)", "emptyLabel": "None \#(word)", "options": \#(options) }"#,
            #"{ "type": "radio", "key": "f", "label": "Pick \#(word)", "hint": "Hint \#(word)", "options": \#(options) }"#,
            #"{ "type": "multiselect", "key": "f", "label": "Pick \#(word)", "options": \#(options) }"#,
            #"{ "type": "segmented", "key": "f", "label": "Pick \#(word)", "options": \#(options) }"#,
            #"{ "type": "checkbox", "key": "f", "label": "Agree \#(word)", "hint": "Hint \#(word)" }"#,
            #"{ "type": "switch", "key": "f", "label": "Alerts \#(word)" }"#,
            #"{ "type": "slider", "key": "f", "label": "Amount \#(word)", "min": 0, "max": 10 }"#,
            #"{ "type": "slider", "key": "f", "label": "Amount", "min": 0, "max": 10, "suffix": "\#(word)" }"#,
            #"{ "type": "datepicker", "key": "f", "label": "Day \#(word)", "placeholder": "e.g. \#(word)" }"#,
            #"{ "type": "input", "key": "f", "inputType": "time", "label": "Time \#(word)", "placeholder": "e.g. \#(word)" }"#,
            #"{ "type": "table", "source": "rows", "label": "Rows \#(word)", "caption": "Rows of \#(word)", "columns": [ { "key": "n", "label": "N" } ] }"#,
            #"{ "type": "fileUpload", "key": "f", "label": "Proof \#(word)", "uploadLabel": "Add \#(word)", "action": "upload" }"#,
            #"{ "type": "text", "markdown": "Hello **\#(word)**" }"#,
            #"{ "type": "message", "kind": "info", "markdown": "Note \#(word)" }"#,
            #"{ "type": "image", "source": "pic", "alt": "Picture" }"#,
            #"{ "type": "link", "label": "Terms \#(word)", "url": "https://example.com/terms" }"#,
            #"{ "type": "button", "label": "Go \#(word)", "action": "ok" }"#,
            #"{ "type": "radio", "key": "f", "label": "Plan", "enumeration": "plans" }"#,
            #"{ "type": "select", "key": "f", "label": "Plan", "enumeration": "plans" }"#,
        ]
    }

    /// The enumeration the last components offer: a label that reads the data, in the page's
    /// scope and in an item's (`${$item.who}` reads nothing outside one).
    static let enumeration = [
        "enumerations/plans.json": #"""
            { "name": "plans", "items": [ { "code": "a", "content": { "en": "For ${who}${$item.who}" } },
                                          { "code": "b", "content": { "en": "Basic" } } ] }
            """#,
    ]

    /// `component` on its own, in a card whose title reads the data, and in a collection's item.
    static func screens(_ index: Int) -> [(place: String, screen: String)] {
        [
            ("alone", "[ \(components("${who}")[index]) ]"),
            ("in a card", #"[ { "type": "card", "title": "Card ${who}", "children": [ \#(components("${who}")[index]) ] } ]"#),
            ("in an item", #"[ { "type": "collection", "source": "items", "label": "Items", "item": [ \#(components("${$item.who}")[index]) ] } ]"#),
        ]
    }

    static func seed(_ who: String, _ others: [String]) -> JSONValue {
        .object([
            "who": .string(who), "rows": .array([.object(["n": .string(who)])]), "pic": .string("https://example.org/\(others.count).png"),
            "items": .array(others.map { .object(["who": .string($0), "rows": .array([.object(["n": .string($0)])])]) }),
        ])
    }

    /// The fields among `components`, each required (a checkbox or a switch to be on) and
    /// disabled while `locked` holds.
    static func fields(_ word: String) -> [String] {
        components(word).filter { $0.contains(#""key": "f""#) }.map { field in
            let required = field.contains("checkbox") || field.contains("switch") ? "requiredTrue" : "required"
            return #"{ "validators": [ { "type": "\#(required)" } ], "disabled": "locked", "# + field.dropFirst(2)
        }
    }

    /// Each field required and disabled by a condition, alone, in a card and in an item: its
    /// page, and the page of a post refused for it (or accepted while it is disabled), print
    /// from their plans what the general path prints.
    @Test(arguments: 0..<PlannedAgainstGeneral.fields("").count)
    func everyRequiredFieldThatMayBeDisabledPrintsAsTheGeneralPathWithAndWithoutErrors(_ index: Int) throws {
        let field = PlannedAgainstGeneral.fields("${who}")[index]
        let uploads = field.contains("fileUpload")
        let places = [
            ("alone", "[ \(field), { \"type\": \"button\", \"label\": \"Save\", \"action\": \"ok\" } ]"),
            ("in an item", #"[ { "type": "collection", "source": "items", "label": "Items", "item": [ \#(field) ] }, { "type": "button", "label": "Save", "action": "ok" } ]"#),
        ]
        for (place, screen) in places where !(uploads && place == "in an item") {
            let harness = try PlannedScreens.oneTask(screen, actions: uploads ? #", { "name": "upload", "type": "upload", "key": "f" }"# : "",
                                                     files: PlannedAgainstGeneral.enumeration)
            for locked in [false, true, false] {
                var seed = PlannedAgainstGeneral.seed("Ana", ["x", "y"])
                if case .object(var members) = seed { members["locked"] = .bool(locked); seed = .object(members) }
                let instance = try harness.engine.start(process: "p", session: "s", seed: seed)
                let fresh = try #require(harness.engine.screen(instance, language: "en"))
                _ = PlannedScreens.printed(fresh, harness)
                if case .invalid(let refused) = try harness.post(instance, "ok", []) {
                    #expect(!locked, "\(place): \(field) is disabled, so not validated")
                    #expect(!refused.errors.isEmpty)
                    let page = HTMLDocument.parse(PlannedScreens.printed(refused, harness))
                    #expect(page.all { $0.hasClass("fs-error-summary") }.count == 1, "\(place): \(field)")
                } else {
                    #expect(locked, "\(place): \(field) is required")
                }
            }
        }
    }

    @Test(arguments: 0..<PlannedAgainstGeneral.components("").count)
    func everyComponentWithWordsThatReadTheDataPrintsAsTheGeneralPath(_ index: Int) throws {
        let uploads = PlannedAgainstGeneral.components("")[index].contains("fileUpload")
        // An upload action names its field's key: not one in an item, whose key is the item's.
        for (place, screen) in PlannedAgainstGeneral.screens(index) where !(uploads && place == "in an item") {
            let harness = try PlannedScreens.oneTask(screen, actions: uploads ? #", { "name": "upload", "type": "upload", "key": "f" }"# : "",
                                                     files: PlannedAgainstGeneral.enumeration)
            // Twenty items: more than have entries from the load, worked out when the plan is made.
            let many = (0..<20).map { "Item \($0) <i>" }
            var compiledWithFewItems: Bool?
            for (who, others) in [("Ana <b>", ["x & y", "z"]), ("", ["", "w"]), ("Radu", ["\"q\"", "w"]), ("Ion", many)] {
                let instance = try harness.engine.start(process: "p", session: "s", seed: PlannedAgainstGeneral.seed(who, others))
                let state = try #require(harness.engine.screen(instance, language: "en"))
                let text = HTMLDocument.parse(PlannedScreens.printed(state, harness)).text
                let component = PlannedAgainstGeneral.components("")[index]
                // Each word shows what it reads: the instance's `who`, or each item's (an image has no word).
                if !component.contains("image") {
                    for shown in (place == "in an item" ? others : [who]) where !shown.isEmpty { #expect(text.contains(shown), "\(place): \(component) shows no \(shown)") }
                }
                // Compiled, not drawn whole: every one but a table in an item, whose id (`c-table`, no
                // `id` of its own) is not the item's (then its collection is drawn whole).
                let printing = PlannedScreens.printing(state, harness)
                let compiledHere = !(component.contains("table") && place == "in an item")
                #expect(printing.planned && printing.drawnWhole.isEmpty == compiledHere, "\(place): \(component) drawn whole")
                // A long list is compiled where a short one is.
                let compiled = PlannedScreens.compilesItsCollection(state, harness)
                if compiledWithFewItems == nil { compiledWithFewItems = compiled }
                #expect(compiled == compiledWithFewItems, "\(place): \(component) with \(others.count) items")
            }
        }
    }
}
