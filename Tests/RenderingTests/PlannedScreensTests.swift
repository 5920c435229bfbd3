import Definitions
import Expressions
import Foundation
import Testing
import TestSupport
@testable import Rendering

/// What a page plan works out per request on screens beyond plain fields: collections unrolled
/// with their items, lists with Remove buttons, texts in rows, cards sharing an id, images
/// without their source yet, options read from the data, values a template prints, time inputs.
/// Every page is printed as the general path prints it.
@Suite struct PlannedScreens {
    /// A project with one process `p`: `s` → task `t` showing `screen` (a JSON list) → `e`;
    /// `ok` submits, `actions` adds others.
    static func oneTask(_ screen: String, data: String = "{}", actions: String = "",
                        files: [String: String] = [:]) throws -> Harness {
        try Harness(RepositoryPaths.fixture(files.merging([
            "project.json": #"{ "name": "Fixture", "languages": ["en"] }"#,
            "processes/p.json": #"""
            { "name": "p", "data": \#(data), "nodes": [
              { "id": "s", "type": "start", "next": "t" },
              { "id": "t", "type": "userTask", "title": "Screen", "screen": \#(screen),
                "actions": [ { "name": "ok", "type": "submit", "next": "e" }\#(actions) ] },
              { "id": "e", "type": "end" } ] }
            """#,
        ]) { first, _ in first }))
    }

    /// The task's screen definition.
    static func screen(_ harness: Harness) throws -> [Component] {
        let tasks: [UserTask] = harness.renderer.project.processes.flatMap(\.nodes).compactMap { node in
            guard case .userTask(let task) = node.kind else { return nil }
            return task
        }
        return try #require(tasks.first?.screen)
    }

    /// `state`'s page, printed twice from its plan (the first page makes it): each time what
    /// the general path prints.
    static func printed(_ state: ScreenState, _ harness: Harness, settings: PageSettings? = nil,
                        sourceLocation: SourceLocation = #_sourceLocation) -> String {
        let settings = settings ?? harness.settings
        let general = String(decoding: harness.renderer.generalPath.screen(state, settings: settings), as: UTF8.self)
        var bytes = ""
        for _ in 0..<2 {
            bytes = String(decoding: harness.renderer.screen(state, settings: settings), as: UTF8.self)
            #expect(bytes == general, sourceLocation: sourceLocation)
        }
        return bytes
    }

    /// How `state`'s page is printed.
    static func printing(_ state: ScreenState, _ harness: Harness, settings: PageSettings? = nil) -> ScreenPrinting {
        harness.renderer.printing(state, settings: settings ?? harness.settings)
    }

    /// Whether `state`'s page is printed from a plan that compiled its collection with it (not drawn whole).
    static func compilesItsCollection(_ state: ScreenState, _ harness: Harness) -> Bool {
        let printing = printing(state, harness)
        return printing.planned && !printing.drawnWhole.contains { $0.type == .collection }
    }

    static func ids(_ page: String) -> [String] {
        HTMLDocument.parse(page).all(where: { $0["id"] != nil }).compactMap { $0["id"] }
    }

    /// A collection whose item components each keep their own id is unrolled by the page plan:
    /// its markup and its items' written in, per request only each item's label, which radio is
    /// chosen, the collection's error and every item field's value. With no item, some, every
    /// item field hidden but one, more items than have entries from the load (worked out when
    /// the page's plan is made), more than are kept (drawn whole), a refused post and a chosen
    /// item; its item label reading the item alone, or the instance data too.
    @Test(arguments: [0, 2, 3, 17, 40, Component.itemsKept + 1], [#"${$item.name}"#, #"${$item.name} of ${owner}"#])
    func aCollectionWhoseItemsKeepTheirIDsIsUnrolled(_ count: Int, _ itemLabel: String) throws {
        let harness = try PlannedScreens.oneTask(#"""
            [ { "type": "collection", "source": "accounts", "label": "Main account", "hint": "Pick one", "selectKey": "main",
                "itemLabel": "\#(itemLabel)", "validators": [ { "type": "required" } ],
                "item": [ { "type": "input", "key": "nickname", "label": "Nickname", "validators": [ { "type": "maxLength", "value": 3 } ] },
                          { "type": "switch", "key": "notify", "label": "Notify", "hide": "!$item.active" } ] },
              { "type": "button", "label": "Save", "action": "ok" } ]
            """#)
        let accounts = JSONValue.array((0..<count).map { .object(["name": .string("Account <\($0)>"), "active": .bool($0 % 2 == 0)]) })
        let instance = try harness.engine.start(process: "p", session: "s", seed: .object(["accounts": accounts, "owner": .string("Ana <b>")]))
        var states = [try #require(harness.engine.screen(instance, language: "en"))]
        // Refused: no item chosen; then an item chosen but a nickname too long; then a choice
        // that is an index written otherwise than its radio's value ("01": no radio checked).
        let nickname = count > 0 ? [("accounts[0].nickname", "Daily <3>")] : []
        for chosen in [[], count > 1 ? [("main", "1")] : [], count > 1 ? [("main", "01")] : []] {
            if case .invalid(let refused) = try harness.post(instance, "ok", chosen + nickname) { states.append(refused) }
        }
        #expect(states.count == 4, "every post is refused")
        for state in states {
            let page = PlannedScreens.printed(state, harness)
            #expect(PlannedScreens.compilesItsCollection(state, harness) == (count <= Component.itemsKept),
                    "more items than are kept: drawn whole")
            #expect(HTMLDocument.parse(page).all("input").filter { $0["type"] == "radio" }.count == count)
            #expect(Set(PlannedScreens.ids(page)).count == PlannedScreens.ids(page).count)
        }
    }

    /// A collection inside another's item is unrolled with it: each row's own list written into
    /// the plan, its rows' fields, labels, chosen radio, Add and Remove buttons the request's,
    /// each inner field keyed under its own row's list. With no inner row, some, and more than
    /// have entries from the load; on a refused post with a group and a lead chosen (each list's
    /// rows checked by its own choice), after a person is added
    /// to the second group and after the first group's first person is removed: the page prints
    /// what the general path prints, from a plan that compiled both lists.
    @Test(arguments: [0, 2, SpecializedComponents.itemsWithEntries(depth: 1) + 1, Component.itemsMadeOnce + 1])
    func aCollectionInsideAnItemIsUnrolledWithIt(_ people: Int) throws {
        let harness = try PlannedScreens.oneTask(#"""
            [ { "type": "input", "key": "team", "label": "Team" },
              { "type": "collection", "source": "groups", "label": "Groups", "selectKey": "main", "itemLabel": "${$item.title}", "item": [
                  { "type": "input", "key": "title", "label": "Title" },
                  { "type": "collection", "source": "$item.people", "label": "People", "selectKey": "lead", "itemLabel": "${$item.name}",
                    "item": [ { "type": "input", "key": "name", "label": "Name", "validators": [ { "type": "required" } ] },
                              { "type": "button", "label": "Remove", "action": "removePerson", "variant": "secondary" } ] },
                  { "type": "button", "label": "Add a person", "action": "addPerson", "variant": "secondary" } ] },
              { "type": "button", "label": "Save", "action": "ok" } ]
            """#, actions: #"""
            , { "name": "addPerson", "type": "addItem", "key": "groups[].people" },
              { "name": "removePerson", "type": "removeItem", "key": "groups[].people" }
            """#)
        let names = JSONValue.array((0..<people).map { .object(["name": .string($0 == 0 ? "Ana <b>" : "P\($0)")]) })
        let instance = try harness.engine.start(process: "p", session: "s", seed: .object(["groups": [
            .object(["title": "G1", "people": names]), .object(["title": "G2", "people": []]),
        ]]))
        var states = [try #require(harness.engine.screen(instance, language: "en"))]
        if people > 0 {
            let posted = [("groups[0].people[0].name", ""), ("main", "1")] + (people > 1 ? [("groups[0].lead", "1")] : [])
            guard case .invalid(let refused) = try harness.post(instance, "ok", posted) else { Issue.record("an emptied name was not refused"); return }
            states.append(refused)
        }
        guard case .applied(let added) = try harness.post(instance, "addPerson", [("_item", "1")]) else {
            Issue.record("no person was added"); return
        }
        states.append(try #require(harness.engine.screen(added, language: "en")))
        if people > 0, case .applied(let removed) = try harness.post(added, "removePerson", [("_item", "0,0")]) {
            states.append(try #require(harness.engine.screen(removed, language: "en")))
        }
        for state in states {
            let page = PlannedScreens.printed(state, harness)
            #expect(PlannedScreens.compilesItsCollection(state, harness), "both lists compiled")
            let inputs = HTMLDocument.parse(page).all("input").compactMap { $0["name"] }.filter { $0.hasPrefix("groups[0].people") }
            #expect(inputs == (0..<state.data.value(at: try DataPath("groups[0].people")).arrayValue!.count).map { "groups[0].people[\($0)].name" })
            #expect(Set(PlannedScreens.ids(page)).count == PlannedScreens.ids(page).count)
        }
        if people > 1 {
            let radios = HTMLDocument.parse(PlannedScreens.printed(states[1], harness)).all("input").filter { $0["type"] == "radio" }
            let checked = radios.filter { $0["checked"] != nil }.map { "\($0["name"] ?? "")=\($0["value"] ?? "")" }
            #expect(checked == ["groups[0].lead=1", "main=1"], "the first group's second person, then the second group")
        }
        let last = HTMLDocument.parse(PlannedScreens.printed(states.last!, harness))
        let buttons = last.all("button").filter { $0["name"] == "_item" }.compactMap { $0["value"] }
        #expect(buttons.filter { !$0.contains(",") } == ["0", "1"], "each group's Add posts its group")
        #expect(buttons.filter { $0.hasPrefix("1,") } == ["1,0"], "the added person's Remove posts its group and row")
    }

    /// A list in each of more rows than have entries from the load: the rows past them hold
    /// lists the load did not unroll, so the outer list is drawn whole, as the general path
    /// draws it, and the fields beside it stay compiled.
    @Test func listsInRowsPastThoseWithEntriesDrawTheOuterListWhole() throws {
        let harness = try PlannedScreens.oneTask(#"""
            [ { "type": "input", "key": "team", "label": "Team" },
              { "type": "collection", "source": "groups", "label": "Groups", "item": [
                  { "type": "input", "key": "title", "label": "Title" },
                  { "type": "collection", "source": "$item.people", "label": "People",
                    "item": [ { "type": "input", "key": "name", "label": "Name" } ] } ] },
              { "type": "button", "label": "Save", "action": "ok" } ]
            """#)
        let groups = JSONValue.array((0...Component.itemsMadeOnce).map { .object(["title": .string("G\($0)"), "people": [["name": "P"]]]) })
        let instance = try harness.engine.start(process: "p", session: "s", seed: .object(["groups": groups]))
        let state = try #require(harness.engine.screen(instance, language: "en"))
        let page = PlannedScreens.printed(state, harness)
        let screen = try PlannedScreens.screen(harness)
        let printing = PlannedScreens.printing(state, harness)
        #expect(printing.planned && printing.drawsWhole(screen[1]) && !printing.drawsWhole(screen[0]))
        #expect(HTMLDocument.parse(page).all("input").compactMap { $0["name"] }.filter { $0.hasSuffix(".name") }.count == Component.itemsMadeOnce + 1)
    }

    /// A collection whose items show a component drawn whole on every request (here a custom
    /// component its Swift provider draws) is drawn whole itself, on a page planned around it.
    @Test func aCollectionWithAnItemComponentDrawnWholeIsDrawnWholeOnAPlannedPage() throws {
        let harness = try PlannedScreens.oneTask(#"""
            [ { "type": "collection", "source": "rows", "label": "Rows",
                "item": [ { "type": "input", "key": "name", "label": "Name" }, { "type": "custom", "id": "stars", "identifier": "stars", "label": "Stars" } ] },
              { "type": "input", "key": "note", "label": "Note" },
              { "type": "button", "label": "Save", "action": "ok" } ]
            """#, data: #"{ "rows": [ { "name": "A <b>" }, { "name": "B" } ] }"#)
        var renderer = harness.renderer
        renderer.customComponents.register("stars") { input in .html("<p class=\"stars\" id=\"\(input.id)\">\(input.label)</p>") }
        let (_, state) = try harness.firstScreen("p")
        let printing = renderer.printing(state, settings: harness.settings)
        let screen = try PlannedScreens.screen(harness)
        #expect(printing.planned)
        #expect(printing.drawsWhole(screen[0]) && !printing.drawsWhole(screen[1]))
        let bytes = renderer.screen(state, settings: harness.settings)
        #expect(bytes == renderer.generalPath.screen(state, settings: harness.settings))
        let page = HTMLDocument.parse(String(decoding: bytes, as: UTF8.self))
        #expect(page.all(where: { $0.hasClass("stars") }).count == 2)
        #expect(page.all("input").filter { $0["name"]?.hasSuffix(".name") == true }.map { $0["value"] } == ["A <b>", "B"])
    }

    /// A table's body is written from the rows the data holds on each page: one kept from an
    /// earlier page is used again only while the data holds those very rows.
    @Test func aTablesBodyIsTheRowsOfEachPage() throws {
        let harness = try PlannedScreens.oneTask(#"""
            [ { "type": "table", "source": "rows", "caption": "Rows",
                "columns": [ { "key": "name", "label": "Name" }, { "key": "amount", "label": "Amount", "format": "number" } ] },
              { "type": "button", "label": "Save", "action": "ok" } ]
            """#)
        let tables: [[(String, Double)]] = [[("a", 1), ("b", 2)], [("a", 1), ("b", 3)], [], [("a", 1), ("b", 2)]]
        for rows in tables + tables.reversed() {
            let seed: JSONValue = .object(["rows": .array(rows.map { .object(["name": .string($0.0), "amount": .number($0.1)]) })])
            let instance = try harness.engine.start(process: "p", session: "s", seed: seed)
            let state = try #require(harness.engine.screen(instance, language: "en"))
            for _ in 0..<2 {
                let body = HTMLDocument.parse(PlannedScreens.printed(state, harness)).all("tbody")
                #expect(body.flatMap { $0.all("th") }.map(\.text) == rows.map(\.0))
                #expect(body.flatMap { $0.all("td") }.filter { $0["colspan"] == nil }.map(\.text) == rows.map { JSONValue.number($0.1).displayString })
            }
        }
    }

    /// A table whose template prints a label that reads the data shows each page's label, over
    /// the very rows an earlier page showed (the markup kept with the rows holds no label).
    @Test func aTablesLabelThatReadsTheDataFollowsEachPage() throws {
        let harness = try PlannedScreens.oneTask(#"""
            [ { "type": "table", "source": "rows", "label": "Rows of ${owner}", "caption": "Rows",
                "columns": [ { "key": "name", "label": "Name" } ] },
              { "type": "button", "label": "Save", "action": "ok" } ]
            """#, files: ["templates/components/table.mustache":
                #"<p class="owner">{{label}}</p><table>{{#tableRows}}<tr>{{#cells}}<td>{{text}}</td>{{/cells}}</tr>{{/tableRows}}</table>"#])
        let (_, first) = try harness.firstScreen("p")
        let rows = JSONValue.array([.object(["name": .string("a")])])
        for owner in ["Ana", "Radu", "Ana"] {
            let state = first.with(data: .object(["rows": rows, "owner": .string(owner)]))
            let page = HTMLDocument.parse(PlannedScreens.printed(state, harness))
            #expect(page.all(where: { $0.hasClass("owner") }).map(\.text) == ["Rows of \(owner)"])
            #expect(page.all("td").map(\.text) == ["a"])
        }
    }

    /// A table whose label reads the data (the default template prints none of its own) keeps
    /// its columns' labels in their headers on every page of its plan.
    @Test func aTablesLabelThatReadsTheDataLeavesItsColumnsLabels() throws {
        let harness = try PlannedScreens.oneTask(#"""
            [ { "type": "table", "source": "rows", "label": "Rows of ${owner}", "caption": "Rows",
                "columns": [ { "key": "name", "label": "Name" }, { "key": "amount", "label": "Amount", "format": "number" } ] },
              { "type": "button", "label": "Save", "action": "ok" } ]
            """#)
        let (_, first) = try harness.firstScreen("p")
        for owner in ["Ana", "Radu"] {
            let state = first.with(data: .object(["rows": .array([.object(["name": .string("a"), "amount": .number(1)])]), "owner": .string(owner)]))
            let page = HTMLDocument.parse(PlannedScreens.printed(state, harness))
            #expect(page.all { $0["scope"] == "col" }.map(\.text) == ["Name", "Amount"])
        }
    }

    /// A table in a collection's item reads its rows from the item (`$item.payments`), printed
    /// whole or, with a template that prints a label reading the data, compiled: each item shows
    /// its own rows and the collection is compiled (the table keeps an id of its own in each
    /// item), whichever page made the plan.
    @Test(arguments: [false, true])
    func aTableInAnItemShowsItsItemsRows(_ labelled: Bool) throws {
        let harness = try PlannedScreens.oneTask(#"""
            [ { "type": "collection", "source": "accounts", "label": "Accounts",
                "item": [ { "type": "table", "id": "payments", "source": "$item.payments", "label": "Paid by ${owner}", "caption": "Payments",
                            "columns": [ { "key": "to", "label": "To" } ] } ] },
              { "type": "button", "label": "Save", "action": "ok" } ]
            """#, files: labelled ? ["templates/components/table.mustache":
                #"<p class="owner">{{label}}</p><table>{{#tableRows}}<tr>{{#cells}}<td>{{text}}</td>{{/cells}}</tr>{{/tableRows}}</table>"#] : [:])
        for (owner, payments) in [("Ana", [["rent", "gas"], ["tax"]]), ("Radu", [["fee"], ["rent", "gas", "tax"]])] {
            let seed = JSONValue.object(["owner": .string(owner), "accounts": .array(payments.map { rows in
                .object(["payments": .array(rows.map { .object(["to": .string($0)]) })])
            })])
            let state = try #require(harness.engine.screen(try harness.engine.start(process: "p", session: "s", seed: seed), language: "en"))
            let page = HTMLDocument.parse(PlannedScreens.printed(state, harness))
            // The default template heads each row with its first cell.
            #expect(page.all { $0.tag == "td" || $0["scope"] == "row" }.map(\.text) == payments.flatMap { $0 })
            if labelled { #expect(page.all(where: { $0.hasClass("owner") }).map(\.text) == ["Paid by \(owner)", "Paid by \(owner)"]) }
            #expect(PlannedScreens.compilesItsCollection(state, harness))
        }
    }

    /// A plan writes in a component's disabled flag only where nothing can disable it: a
    /// condition on the component, on a card around it or on its collection makes it the
    /// request's. Pages of one plan (the same components shown) over data that locks and unlocks.
    @Test func aComponentIsDisabledByItsOwnConditionOrOneAroundItOnEveryPageOfAPlan() throws {
        let harness = try PlannedScreens.oneTask(#"""
            [ { "type": "card", "title": "Locked part", "disabled": "locked", "children": [
                  { "type": "input", "key": "inCard", "label": "In the card" } ] },
              { "type": "input", "key": "own", "label": "Own condition", "disabled": "locked" },
              { "type": "input", "key": "free", "label": "Never disabled" },
              { "type": "collection", "source": "rows", "label": "Rows", "disabled": "locked",
                "item": [ { "type": "input", "key": "name", "label": "Name" } ] },
              { "type": "button", "label": "Save", "action": "ok" } ]
            """#)
        for locked in [false, true, false, true] {
            let seed: JSONValue = .object(["locked": .bool(locked), "rows": .array([.object(["name": .string("A")])])])
            let instance = try harness.engine.start(process: "p", session: "s", seed: seed)
            let state = try #require(harness.engine.screen(instance, language: "en"))
            let page = PlannedScreens.printed(state, harness)
            #expect(PlannedScreens.compilesItsCollection(state, harness))
            let disabled = HTMLDocument.parse(page).all("input").filter { $0["disabled"] != nil }.compactMap { $0["name"] }
            #expect(Set(disabled) == (locked ? ["inCard", "own", "rows[0].name"] : []), "locked: \(locked)")
        }
    }

    /// A plan writes in a field's error, `aria-invalid` and `aria-describedby` when its pages
    /// have no errors (the error summary is in the plan's key), and a change URL where the field
    /// has no change action; a refused post's page shows each field's own error.
    /// A checkbox, like a switch, shows its `default` of true ticked while nothing is stored;
    /// unticked and posted, it stores false and shows unticked.
    @Test(arguments: ["checkbox", "switch"])
    func aTickableFieldWithADefaultOfTrueIsTickedUntilAValueIsStored(_ type: String) throws {
        let harness = try PlannedScreens.oneTask(#"""
            [ { "type": "\#(type)", "key": "agree", "label": "Agree", "default": true },
              { "type": "input", "key": "name", "label": "Name", "validators": [ { "type": "required" } ] },
              { "type": "button", "label": "Save", "action": "ok" } ]
            """#)
        let (instance, fresh) = try harness.firstScreen("p")
        guard case .invalid(let refused) = try harness.post(instance, "ok", []) else { Issue.record("the post is refused"); return }
        func ticked(_ state: ScreenState) -> String? {
            HTMLDocument.parse(PlannedScreens.printed(state, harness)).all("input").first { $0["name"] == "agree" }?["checked"]
        }
        #expect(ticked(fresh) != nil)
        #expect(refused.data.value(at: try DataPath("agree")) == .bool(false))
        #expect(ticked(refused) == nil)
    }

    /// A condition on a field that shows its default sees the default: the switch is on, so
    /// what it governs shows until the switch is posted off.
    @Test func aConditionSeesTheDefaultAFieldShows() throws {
        let harness = try PlannedScreens.oneTask(#"""
            [ { "type": "switch", "key": "news", "label": "Send news", "default": true, "change": "refresh" },
              { "type": "select", "key": "often", "label": "How often", "options": ["daily", "weekly"], "hide": "!news" },
              { "type": "button", "label": "Save", "action": "ok" } ]
            """#, actions: #", { "name": "refresh", "type": "save" }"#)
        let (instance, fresh) = try harness.firstScreen("p")
        func shows(_ state: ScreenState) -> Bool {
            HTMLDocument.parse(PlannedScreens.printed(state, harness)).all("select").contains { $0["name"] == "often" }
        }
        #expect(shows(fresh))
        guard case .applied(let off) = try harness.post(instance, "refresh", []) else { Issue.record("the save is applied"); return }
        #expect(try !shows(#require(harness.engine.screen(off, language: "en"))))
    }

    /// A field a person may leave empty says so after its label, in the page's words (GOV.UK's
    /// pattern, as the catalogue's start form); a required one does not, nor a switch or a
    /// single checkbox, which always hold a value.
    @Test func anOptionalFieldSaysSoAfterItsLabel() throws {
        let harness = try PlannedScreens.oneTask(#"""
            [ { "type": "input", "key": "name", "label": "Name", "validators": [ { "type": "required" } ] },
              { "type": "input", "key": "nick", "label": "Nickname" },
              { "type": "radio", "key": "size", "label": "Size", "options": ["s", "m"] },
              { "type": "checkbox", "key": "agree", "label": "Agree", "validators": [ { "type": "requiredTrue" } ] },
              { "type": "checkbox", "key": "news", "label": "News" },
              { "type": "switch", "key": "dark", "label": "Dark" },
              { "type": "button", "label": "Save", "action": "ok" } ]
            """#)
        let (_, fresh) = try harness.firstScreen("p")
        let page = HTMLDocument.parse(PlannedScreens.printed(fresh, harness))
        let marked = (page.all("label") + page.all("legend")).filter { !$0.all(where: { $0.hasClass("fs-optional") }).isEmpty }
        #expect(marked.map(\.labelWords) == ["Nickname", "Size"])
        #expect(marked.allSatisfy { $0.text.hasSuffix("(optional)") })
    }

    @Test func aPageWithoutErrorsHasNoFieldInErrorAndARefusedPostShowsEach() throws {
        let harness = try PlannedScreens.oneTask(#"""
            [ { "type": "input", "key": "a", "label": "A", "hint": "Say a", "validators": [ { "type": "required" } ] },
              { "type": "input", "key": "b", "label": "B", "change": "refresh", "validators": [ { "type": "maxLength", "value": 2 } ] },
              { "type": "button", "label": "Save", "action": "ok" } ]
            """#, actions: #", { "name": "refresh", "type": "save" }"#)
        for values in [[("b", "ok")], [("a", "x"), ("b", "long")], [("b", "long")]] {
            let instance = try harness.engine.start(process: "p", session: "s")
            let fresh = try #require(harness.engine.screen(instance, language: "en"))
            guard case .invalid(let refused) = try harness.post(instance, "ok", values) else {
                Issue.record("the post is refused"); continue
            }
            for state in [fresh, refused] {
                let inputs = HTMLDocument.parse(PlannedScreens.printed(state, harness)).all("input").filter { $0["type"] == "text" }
                let invalid = inputs.filter { $0["aria-invalid"] == "true" }.compactMap { $0["name"] }
                #expect(Set(invalid) == Set(state.errors.map(\.key)))
            }
        }
    }

    /// A list whose rows each have a Remove button, with Add and Save beside it (a form-js
    /// dynamic list): buttons and texts print no id, so where their ids fall cannot show. The
    /// screen is specialized around the list, the list unrolled with each row's Remove button.
    @Test(arguments: [0, 1, 3])
    func aListWithRemoveButtonsIsUnrolledBesideOtherButtons(_ count: Int) throws {
        let harness = try PlannedScreens.oneTask(#"""
            [ { "type": "text", "markdown": "Your rows" },
              { "type": "collection", "source": "rows", "label": "Rows",
                "item": [ { "type": "input", "key": "name", "label": "Name", "validators": [ { "type": "required" } ] },
                          { "type": "text", "markdown": "A row" },
                          { "type": "button", "label": "Remove row", "action": "remove", "variant": "secondary" } ] },
              { "type": "button", "label": "Add a row", "action": "add", "variant": "secondary" },
              { "type": "button", "label": "Save", "action": "ok" } ]
            """#, actions: #", { "name": "add", "type": "addItem", "key": "rows" }, { "name": "remove", "type": "removeItem", "key": "rows" }"#)
        let buttons = try PlannedScreens.screen(harness).filter { $0.type == .button }
        let rows = JSONValue.array((0..<count).map { .object(["name": .string($0 == 0 ? "" : "Row <\($0)>")]) })
        let instance = try harness.engine.start(process: "p", session: "s", seed: .object(["rows": rows]))
        var states = [try #require(harness.engine.screen(instance, language: "en"))]
        if case .invalid(let refused) = try harness.post(instance, "ok", []) { states.append(refused) }
        #expect(states.count == (count > 0 ? 2 : 1), "a row without a name is refused")
        for state in states {
            let page = PlannedScreens.printed(state, harness)
            #expect(PlannedScreens.compilesItsCollection(state, harness))
            #expect(!buttons.contains(where: PlannedScreens.printing(state, harness).drawsWhole))
            let removes = HTMLDocument.parse(page).all("button").filter { $0["name"] == "_item" }
            #expect(removes.map { $0["value"] } == (0..<count).map { String($0) })
            #expect(removes.map(\.text) == (0..<count).map { "Remove row \($0 + 1)" })
        }
    }

    /// A row's button for a list in that row (`rows[].tags`) posts its row: printed from the
    /// plan as the general path prints it, each row's button naming its own row.
    @Test func aButtonForAListInItsRowPostsItsRowWhenPlanned() throws {
        let harness = try PlannedScreens.oneTask(#"""
            [ { "type": "collection", "source": "rows", "label": "Rows",
                "item": [ { "type": "input", "key": "name", "label": "Name" },
                          { "type": "button", "label": "Add a tag", "action": "addTag", "variant": "secondary" } ] },
              { "type": "button", "label": "Save", "action": "ok" } ]
            """#, data: #"{ "rows": [ { "name": "a" }, { "name": "b" }, { "name": "c" } ] }"#,
            actions: #", { "name": "addTag", "type": "addItem", "key": "rows[].tags" }"#)
        let (instance, state) = try harness.firstScreen("p")
        let page = HTMLDocument.parse(PlannedScreens.printed(state, harness))
        #expect(page.all("button").filter { $0["name"] == "_item" }.map { $0["value"] } == ["0", "1", "2"])
        #expect(PlannedScreens.compilesItsCollection(state, harness))
        guard case .applied(let posted) = try harness.post(instance, "addTag", [("rows[0].name", "a"), ("rows[1].name", "b"), ("rows[2].name", "c"), ("_item", "1")]) else {
            Issue.record("the tag was not added"); return
        }
        #expect(posted.data["rows"] == [["name": "a"], ["name": "b", "tags": [[:]]], ["name": "c"]])
    }

    /// A field in a list's row says which row in the error summary: the rows' errors read alike,
    /// and there the row's legend is not beside them. An item inside another's names both.
    @Test func anErrorInAListsRowNamesTheRowInTheErrorSummary() throws {
        let harness = try PlannedScreens.oneTask(#"""
            [ { "type": "input", "key": "owner", "label": "Owner", "validators": [ { "type": "required" } ] },
              { "type": "collection", "source": "accounts", "label": "Accounts", "itemLabel": "${$item.title}",
                "item": [ { "type": "input", "key": "nickname", "label": "Nickname", "validators": [ { "type": "required" } ] },
                          { "type": "collection", "source": "$item.cards", "label": "Cards",
                            "item": [ { "type": "input", "key": "pin", "label": "PIN", "validators": [ { "type": "required" } ] } ] } ] },
              { "type": "button", "label": "Save", "action": "ok" } ]
            """#, data: #"{ "accounts": [ { "title": "Savings" }, { "title": "Current", "cards": [ {} ] } ] }"#)
        let (instance, _) = try harness.firstScreen("p")
        guard case .invalid(let refused) = try harness.post(instance, "ok", []) else { Issue.record("the post was not refused"); return }
        let summary = HTMLDocument.parse(PlannedScreens.printed(refused, harness)).all("a").filter { $0["href"]?.hasPrefix("#field-") == true }
        #expect(summary.map(\.text) == ["Owner: enter a value", "Nickname: enter a value (Savings)", "Nickname: enter a value (Current)",
                                        "PIN: enter a value (Current, Item 1 of 1)"])
    }

    /// A text in a list's rows reads its row (`${$item.risk}`): the list is unrolled all the
    /// same, each row's text rendered per request in its row's data.
    @Test func aTextInAListsRowsReadsItsRow() throws {
        let harness = try PlannedScreens.oneTask(#"""
            [ { "type": "text", "markdown": "Risks of ${owner}" },
              { "type": "collection", "source": "risks", "label": "Risks",
                "item": [ { "type": "text", "markdown": "Risk ${$item.risk}, row ${$index}" }, { "type": "input", "key": "risk", "label": "Risk" } ] },
              { "type": "button", "label": "Save", "action": "ok" } ]
            """#, data: #"{ "owner": "Ana", "risks": [ { "risk": 3 }, { "risk": 7 } ] }"#)
        let (_, state) = try harness.firstScreen("p")
        let texts = HTMLDocument.parse(PlannedScreens.printed(state, harness)).all("p").map(\.text)
        #expect(texts.contains("Risks of Ana") && texts.contains("Risk 3, row 0") && texts.contains("Risk 7, row 1"), "\(texts)")
        #expect(PlannedScreens.compilesItsCollection(state, harness))
    }

    /// An item component's words that read the data (its label, hint, option labels) read its
    /// item (`${$item.name}`) and the instance's data around it: the list is unrolled all the
    /// same, each row's words its own.
    @Test func anItemLabelThatReadsItsItemShowsEachItemsWords() throws {
        let harness = try PlannedScreens.oneTask(#"""
            [ { "type": "collection", "source": "accounts", "label": "Accounts",
                "item": [ { "type": "input", "key": "nickname", "label": "Nickname for ${$item.name}", "hint": "Owned by ${owner}" },
                          { "type": "select", "key": "use", "label": "Use", "options": [ { "value": "pay", "label": "Pay from ${$item.name}" } ] } ] },
              { "type": "button", "label": "Save", "action": "ok" } ]
            """#, data: #"{ "owner": "Ana", "accounts": [ { "name": "Current" }, { "name": "Savings <b>" } ] }"#)
        let (_, state) = try harness.firstScreen("p")
        let page = HTMLDocument.parse(PlannedScreens.printed(state, harness))
        #expect(page.all("label").map(\.labelWords) == ["Nickname for Current", "Use", "Nickname for Savings <b>", "Use"])
        #expect(page.all("option").map(\.text).filter { $0.hasPrefix("Pay") } == ["Pay from Current", "Pay from Savings <b>"])
        #expect(page.all(where: { $0.hasClass("fs-hint") }).map(\.text) == ["Owned by Ana", "Owned by Ana"])
        #expect(PlannedScreens.compilesItsCollection(state, harness))
    }

    /// Two cards without ids share their plain id (`c-card`, `c-card-2`): a plan writes cards in
    /// as its page draws them, so the fields beside them are specialized all the same (with a
    /// part drawn whole on the page too), and a page with the first card hidden prints what the
    /// general path prints.
    @Test(arguments: [false, true])
    func cardsSharingAnIDLeaveTheirFieldsSpecialized(_ hideFirst: Bool) throws {
        // More items than a plan unrolls: the list is drawn whole.
        let many = Array(repeating: #"{ "name": "x" }"#, count: Component.itemsKept + 1).joined(separator: ", ")
        let harness = try PlannedScreens.oneTask(#"""
            [ { "type": "card", "title": "One", "hide": "hide", "children": [ { "type": "input", "key": "a", "label": "A" } ] },
              { "type": "card", "title": "Two", "children": [ { "type": "input", "key": "b", "label": "B" } ] },
              { "type": "collection", "source": "many", "label": "Drawn whole", "children": [ { "type": "text", "markdown": "Row" } ] },
              { "type": "button", "label": "Save", "action": "ok" } ]
            """#, data: #"{ "hide": \#(hideFirst), "many": [\#(many)] }"#)
        let screen = try PlannedScreens.screen(harness)
        let fields = screen.flatMap(\.children)
        let (_, state) = try harness.firstScreen("p")
        #expect(PlannedScreens.printing(state, harness).drawsWhole(screen[2]), "a list of more items than a plan unrolls is drawn whole")
        #expect(!fields.prefix(2).contains(where: PlannedScreens.printing(state, harness).drawsWhole))
        let ids = PlannedScreens.ids(PlannedScreens.printed(state, harness))
        #expect(Set(ids).count == ids.count, "\(ids)")
    }

    /// A child list's option labels that read the data (`Cluj of ${unit}`) are the request's:
    /// the list is compiled per parent value all the same, and each page shows its own
    /// instance's words, escaped, under the parent value it holds.
    @Test(arguments: ["select", "radio"])
    func aChildListsOptionLabelsThatReadTheDataAreTheRequests(_ type: String) throws {
        let harness = try PlannedScreens.oneTask(#"""
            [ { "type": "select", "key": "country", "label": "Country", "enumeration": "countries" },
              { "type": "\#(type)", "key": "city", "label": "City", "enumeration": "cities", "parentKey": "country" },
              { "type": "button", "label": "Save", "action": "ok" } ]
            """#, files: [
                "enumerations/countries.json": #"""
                    { "name": "countries", "items": [ { "code": "ro", "content": { "en": "Romania" } }, { "code": "fr", "content": { "en": "France" } } ] }
                    """#,
                "enumerations/cities.json": #"""
                    { "name": "cities", "parent": "countries", "items": [
                      { "code": "cj", "parentCode": "ro", "content": { "en": "Cluj of ${unit}" } },
                      { "code": "b", "parentCode": "ro", "content": { "en": "Bucharest" } },
                      { "code": "par", "parentCode": "fr", "content": { "en": "Paris in ${unit}" } } ] }
                    """#])
        let city = try PlannedScreens.screen(harness)[1]
        let cases: [(unit: String, country: String, cities: [String])] = [
            ("€", "ro", ["Cluj of €", "Bucharest"]), ("CHF <b>", "ro", ["Cluj of CHF <b>", "Bucharest"]),
            ("lei", "fr", ["Paris in lei"]), ("€", "", []),
        ]
        for (unit, country, cities) in cases {
            let instance = try harness.engine.start(process: "p", session: "s",
                                                    seed: .object(["unit": .string(unit), "country": .string(country)]))
            let state = try #require(harness.engine.screen(instance, language: "en"))
            #expect(!PlannedScreens.printing(state, harness).drawsWhole(city), "\(country)")
            let page = HTMLDocument.parse(PlannedScreens.printed(state, harness))
            let shown = type == "select"
                ? page.all("option").filter { $0.parent?["id"] == "field-city" && $0["value"] != "" }.map(\.text)
                : page.all("input").filter { $0["name"] == "city" }.compactMap { input in page.all("label").first { $0["for"] == input["id"] }?.text }
            #expect(shown == cities, "\(unit) \(country)")
        }
    }

    /// A child list's own label and hint that read the data are the request's, under each parent
    /// value and while it waits for its parent (its hint then adds one naming the parent).
    @Test func aChildListsOwnWordsThatReadTheDataAreTheRequests() throws {
        let harness = try PlannedScreens.oneTask(#"""
            [ { "type": "select", "key": "country", "label": "Country", "enumeration": "countries" },
              { "type": "radio", "key": "city", "label": "City for ${owner}", "hint": "Where ${owner} lives", "enumeration": "cities",
                "parentKey": "country" },
              { "type": "radio", "key": "town", "label": "Town for ${owner}", "enumeration": "cities", "parentKey": "country" },
              { "type": "button", "label": "Save", "action": "ok" } ]
            """#, files: [
                "enumerations/countries.json": #"{ "name": "countries", "items": [ { "code": "ro", "content": { "en": "Romania" } } ] }"#,
                "enumerations/cities.json": #"""
                    { "name": "cities", "parent": "countries", "items": [ { "code": "cj", "parentCode": "ro", "content": { "en": "Cluj" } } ] }
                    """#])
        let screen = try PlannedScreens.screen(harness)
        for (owner, country) in [("Ana <b>", "ro"), ("Radu", "ro"), ("Ana <b>", ""), ("Radu", "")] {
            let instance = try harness.engine.start(process: "p", session: "s",
                                                    seed: .object(["owner": .string(owner), "country": .string(country)]))
            let state = try #require(harness.engine.screen(instance, language: "en"))
            let printing = PlannedScreens.printing(state, harness)
            #expect(!printing.drawsWhole(screen[1]) && !printing.drawsWhole(screen[2]), "\(country)")
            let page = HTMLDocument.parse(PlannedScreens.printed(state, harness))
            #expect(page.all("legend").map(\.labelWords) == ["City for \(owner)", "Town for \(owner)"])
            let hints = page.all(where: { $0.hasClass("fs-hint") }).map(\.text)
            #expect(hints.first?.hasPrefix("Where \(owner) lives") == true, "\(hints)")
            #expect(hints.filter { $0.contains("“Country”") }.count == (country.isEmpty ? 2 : 0), "\(hints)")
        }
    }

    /// An input's prefix and suffix that read the data are the request's: one that is empty is
    /// not drawn and the field's `aria-describedby` names the others (after its hint and its
    /// error), on pages of one plan, valid or refused; the input is compiled.
    @Test func anInputsAffixesThatReadTheDataShowPerRequest() throws {
        let harness = try PlannedScreens.oneTask(#"""
            [ { "type": "input", "key": "amount", "label": "Amount", "hint": "Say how much", "prefix": "${unit}", "suffix": "${period}",
                "validators": [ { "type": "required" } ] },
              { "type": "button", "label": "Save", "action": "ok" } ]
            """#)
        let screen = try PlannedScreens.screen(harness)
        for (unit, period) in [("€", "month"), ("", "week"), ("CHF <b>", "")] {
            let instance = try harness.engine.start(process: "p", session: "s", seed: .object(["unit": .string(unit), "period": .string(period)]))
            let fresh = try #require(harness.engine.screen(instance, language: "en"))
            guard case .invalid(let refused) = try harness.post(instance, "ok", []) else { Issue.record("refused"); continue }
            for state in [fresh, refused] {
                let page = HTMLDocument.parse(PlannedScreens.printed(state, harness))
                let affixes = page.all { $0.hasClass("fs-affix") }
                #expect(affixes.map(\.text) == [unit, period].filter { !$0.isEmpty })
                let amount = try #require(page.all("input").first { $0["name"] == "amount" })
                let described = ["field-amount-hint"] + (state.errors.isEmpty ? [] : ["field-amount-error"])
                    + (unit.isEmpty ? [] : ["field-amount-prefix"]) + (period.isEmpty ? [] : ["field-amount-suffix"])
                #expect(amount["aria-describedby"] == described.joined(separator: " "))
                #expect(Set(affixes.compactMap { $0["id"] }).isSubset(of: Set(described)))
                let printing = PlannedScreens.printing(state, harness)
                #expect(printing.planned && !printing.drawsWhole(screen[0]))
                expectAccessiblePage(page)
            }
        }
    }

    /// A slider's suffix that reads the data is the request's, and so are the value and the
    /// bounds written with it: the slider is compiled.
    @Test func aSlidersSuffixThatReadsTheDataIsTheRequests() throws {
        let harness = try PlannedScreens.oneTask(#"""
            [ { "type": "slider", "key": "amount", "label": "Amount", "min": 0, "max": 500, "suffix": "${unit}" },
              { "type": "button", "label": "Save", "action": "ok" } ]
            """#)
        let screen = try PlannedScreens.screen(harness)
        for unit in ["€", "", "CHF <b>"] {
            let instance = try harness.engine.start(process: "p", session: "s", seed: .object(["unit": .string(unit), "amount": .number(250)]))
            let state = try #require(harness.engine.screen(instance, language: "en"))
            let page = HTMLDocument.parse(PlannedScreens.printed(state, harness))
            let slider = try #require(page.all("input").first { $0["type"] == "range" })
            #expect(slider["data-fs-suffix"] == (unit.isEmpty ? nil : unit))
            #expect(slider["aria-valuetext"] == (unit.isEmpty ? nil : "250 \(unit)"))
            #expect(page.all { $0.hasClass("fs-slider__bound") }.map(\.text) == ["0 \(unit)", "500 \(unit)"].map { $0.trimmingCharacters(in: .whitespaces) })
            #expect(!PlannedScreens.printing(state, harness).drawsWhole(screen[0]))
        }
    }

    /// An input whose prefix reads the data takes the prefix's id only while it shows: where
    /// that id is another component's (a field keyed `amount-prefix`), which then takes
    /// another, the screen's components are drawn the general way.
    @Test func anAffixWhoseIDIsAnotherComponentsLeavesTheScreenTheGeneralWay() throws {
        let harness = try PlannedScreens.oneTask(#"""
            [ { "type": "input", "key": "amount", "label": "Amount", "prefix": "${unit}" },
              { "type": "input", "key": "amount-prefix", "label": "Taken" },
              { "type": "button", "label": "Save", "action": "ok" } ]
            """#)
        let screen = try PlannedScreens.screen(harness)
        for unit in ["€", ""] {
            let instance = try harness.engine.start(process: "p", session: "s", seed: .object(["unit": .string(unit)]))
            let state = try #require(harness.engine.screen(instance, language: "en"))
            _ = PlannedScreens.printed(state, harness)
            #expect(PlannedScreens.printing(state, harness).drawsWhole(screen[0]))
            #expect(PlannedScreens.printing(state, harness).drawsWhole(screen[1]))
        }
    }

    /// A card whose title and subtitle read the data, and a container that may be disabled, are
    /// written into the plan with their fields compiled: each page shows its own words, and its
    /// fields are disabled as the data has it.
    @Test func aCardsWordsThatReadTheDataAndADisabledContainerKeepTheirFieldsCompiled() throws {
        let harness = try PlannedScreens.oneTask(#"""
            [ { "type": "card", "title": "Account of ${owner}", "subtitle": "${since}", "children": [
                { "type": "input", "key": "iban", "label": "IBAN" },
                { "type": "container", "disabled": "locked", "children": [
                  { "type": "input", "key": "limit", "label": "Limit" }, { "type": "card", "title": "Notes", "children": [
                    { "type": "switch", "key": "alerts", "label": "Alerts" } ] } ] } ] },
              { "type": "button", "label": "Save", "action": "ok" } ]
            """#)
        let screen = try PlannedScreens.screen(harness)
        let fields = screen[0].children[0...1] + screen[0].children[1].children
        for (owner, since, locked) in [("Ana <b>", "since 2019", true), ("Radu", "", false), ("Ana <b>", "since 2019", false)] {
            let instance = try harness.engine.start(process: "p", session: "s",
                                                    seed: .object(["owner": .string(owner), "since": .string(since), "locked": .bool(locked)]))
            let state = try #require(harness.engine.screen(instance, language: "en"))
            let page = HTMLDocument.parse(PlannedScreens.printed(state, harness))
            #expect(page.all("h2").map(\.text) == ["Account of \(owner)", "Notes"])
            #expect(page.all(where: { $0.hasClass("fs-card__meta") }).map(\.text) == (since.isEmpty ? [] : [since]))
            let disabled = ["iban", "limit", "alerts"].map { name in page.all { $0["name"] == name }.first?["disabled"] != nil }
            #expect(disabled == [false, locked, locked])
            let printing = PlannedScreens.printing(state, harness)
            #expect(printing.planned)
            #expect(printing.drawnWhole.map(\.type) == [])
            #expect(!fields.contains(where: printing.drawsWhole))
            expectAccessiblePage(page)
        }
    }

    /// A card in a collection's item whose title reads the item, and a container in it that may
    /// be disabled by the item, are written into the plan: the collection is compiled, each item
    /// shows its own words, and its fields are disabled as its item has it.
    @Test func aCardsWordsAndADisabledContainerInAnItemReadTheirItem() throws {
        let harness = try PlannedScreens.oneTask(#"""
            [ { "type": "collection", "source": "accounts", "label": "Accounts", "item": [
                { "type": "card", "title": "Account of ${$item.owner}", "subtitle": "${bank}", "children": [
                  { "type": "container", "disabled": "$item.locked", "children": [ { "type": "input", "key": "limit", "label": "Limit" } ] } ] } ] },
              { "type": "button", "label": "Save", "action": "ok" } ]
            """#)
        for (bank, accounts) in [("Acme", [("Ana <b>", true), ("Radu", false)]), ("Beta", [("Radu", false), ("Ana", true)])] {
            let seed = JSONValue.object(["bank": .string(bank), "accounts": .array(accounts.map { owner, locked in
                .object(["owner": .string(owner), "locked": .bool(locked)])
            })])
            let instance = try harness.engine.start(process: "p", session: "s", seed: seed)
            let state = try #require(harness.engine.screen(instance, language: "en"))
            let page = HTMLDocument.parse(PlannedScreens.printed(state, harness))
            #expect(page.all("h2").map(\.text) == accounts.map { "Account of \($0.0)" })
            #expect(page.all(where: { $0.hasClass("fs-card__meta") }).map(\.text) == [bank, bank])
            #expect(page.all("input").filter { $0["type"] == "text" }.map { $0["disabled"] != nil } == accounts.map(\.1))
            #expect(PlannedScreens.compilesItsCollection(state, harness))
            expectAccessiblePage(page)
        }
    }

    /// An image whose source is read from the data draws nothing while the data holds none; the
    /// page is planned all the same, and shows the image once the data names one.
    @Test func anImageWithoutItsSourceYetLeavesThePagePlanned() throws {
        let harness = try PlannedScreens.oneTask(#"""
            [ { "type": "image", "source": "logo", "alt": "Logo" }, { "type": "input", "key": "a", "label": "A" },
              { "type": "button", "label": "Save", "action": "ok" } ]
            """#)
        let (_, empty) = try harness.firstScreen("p")
        #expect(HTMLDocument.parse(PlannedScreens.printed(empty, harness)).all("img").isEmpty)
        #expect(PlannedScreens.printing(empty, harness).planned)
        let named = empty.with(data: .object(["logo": .string("https://example.org/logo.png")]))
        #expect(HTMLDocument.parse(PlannedScreens.printed(named, harness)).all("img").map { $0["src"] } == ["https://example.org/logo.png"])
    }

    /// An image in a collection's item reads its source in the item (`$item.photo`): each row
    /// shows its own picture, or none while its item names none, on the page and in the JSON
    /// screen; the collection is compiled, whichever page made the plan.
    @Test(arguments: [false, true])
    func anImageInAnItemShowsItsItemsPicture(_ firstLacksOne: Bool) throws {
        let harness = try PlannedScreens.oneTask(#"""
            [ { "type": "collection", "source": "people", "label": "People",
                "item": [ { "type": "image", "source": "$item.photo", "alt": "Photo" }, { "type": "input", "key": "name", "label": "Name" } ] },
              { "type": "button", "label": "Save", "action": "ok" } ]
            """#)
        let pages: [[String?]] = [["https://example.org/a.png", "https://example.org/b.png"], [nil, "https://example.org/c.png"]]
        for photos in firstLacksOne ? pages.reversed() : pages {
            let seed = JSONValue.object(["people": .array(photos.map { photo in .object(photo.map { ["photo": .string($0)] } ?? [:]) })])
            let state = try #require(harness.engine.screen(try harness.engine.start(process: "p", session: "s", seed: seed), language: "en"))
            let sources = HTMLDocument.parse(PlannedScreens.printed(state, harness)).all("img").map { $0["src"] }
            #expect(sources == photos.compactMap { $0 })
            let items = harness.renderer.screenJSON(state)["components"]?[0]?["items"]?.arrayValue ?? []
            #expect(items.map { $0["components"]?[0]?["url"] ?? .null } == photos.map { $0.map(JSONValue.string) ?? .null })
            #expect(PlannedScreens.compilesItsCollection(state, harness))
        }
    }

    /// An image whose source is read from the data is compiled with its page, not drawn whole:
    /// each request prints its own picture (an address, or a media key's), or nothing while the
    /// data names none or an address that is not safe, whichever page made the plan.
    @Test(arguments: [false, true])
    func anImageFromTheDataIsCompiledAndPrintsEachRequestsPicture(_ firstNamesOne: Bool) throws {
        let harness = try PlannedScreens.oneTask(#"""
            [ { "type": "image", "source": "picture", "alt": "Our <picture>", "width": 120 }, { "type": "input", "key": "a", "label": "A" },
              { "type": "button", "label": "Save", "action": "ok" } ]
            """#, files: ["media/media.json": #"{ "logo": { "file": "logo.svg", "alt": "Acme Bank" } }"#,
                          "media/logo.svg": #"<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"></svg>"#])
        let image = try #require(try PlannedScreens.screen(harness).first)
        let (_, empty) = try harness.firstScreen("p")
        let pages: [(data: JSONValue, images: [[String?]])] = [
            (.object(["picture": .string("logo")]), [["/media/logo", "Our <picture>", "120"]]),
            (.object([:]), []),
            (.object(["picture": .string("https://example.org/a.png")]), [["https://example.org/a.png", "Our <picture>", "120"]]),
            (.object(["picture": .string("javascript:alert(1)")]), []),
        ]
        for page in firstNamesOne ? pages : pages.reversed() {
            let state = empty.with(data: page.data)
            let images = HTMLDocument.parse(PlannedScreens.printed(state, harness)).all("img")
            #expect(images.map { [$0["src"], $0["alt"], $0["width"]] } == page.images, "\(page.data)")
            let printing = PlannedScreens.printing(state, harness)
            #expect(printing.planned && !printing.drawsWhole(image))
        }
    }

    /// A placeholder that reads the data (`e.g. ${example}`) is the request's, like a label: the
    /// field is compiled with its page, and each page shows its own (none where the data gives
    /// an empty one). A date's or a time's is its rule's (`SpecializedRendering`).
    @Test func aPlaceholderThatReadsTheDataIsTheRequests() throws {
        let harness = try PlannedScreens.oneTask(#"""
            [ { "type": "input", "key": "iban", "label": "IBAN", "placeholder": "${example}" },
              { "type": "input", "key": "note", "label": "Note", "placeholder": "Dear ${owner}" },
              { "type": "button", "label": "Save", "action": "ok" } ]
            """#)
        let (_, empty) = try harness.firstScreen("p")
        for (example, owner) in [("RO49 AAAA", "Ana <b>"), ("", "Radu"), ("DE89 3704", "Ana <b>")] {
            let state = empty.with(data: .object(["example": .string(example), "owner": .string(owner)]))
            let page = HTMLDocument.parse(PlannedScreens.printed(state, harness))
            let placeholders = ["iban", "note"].map { name in page.all { $0["name"] == name }.first?["placeholder"] }
            #expect(placeholders == [example.isEmpty ? nil : example, "Dear \(owner)"])
            let printing = PlannedScreens.printing(state, harness)
            #expect(printing.planned && printing.drawnWhole.isEmpty)
        }
    }

    /// An input's prefix or suffix that reads the data is drawn beside it while the data gives
    /// one; an empty one is not drawn, and the field names no description for it.
    @Test func anEmptyPrefixIsNotDrawnNorNamedAsTheFieldsDescription() throws {
        let harness = try PlannedScreens.oneTask(#"""
            [ { "type": "input", "key": "amount", "label": "Amount", "prefix": "${currency}", "suffix": "${unit}" },
              { "type": "button", "label": "Save", "action": "ok" } ]
            """#)
        let (_, empty) = try harness.firstScreen("p")
        for (currency, unit) in [("", "kg"), ("€", ""), ("", "")] {
            let state = empty.with(data: .object(["currency": .string(currency), "unit": .string(unit)]))
            let page = HTMLDocument.parse(PlannedScreens.printed(state, harness))
            #expect(page.all(where: { $0.hasClass("fs-affix") }).map(\.text) == [currency, unit].filter { !$0.isEmpty })
            let described = page.all { $0["name"] == "amount" }.first?["aria-describedby"]?.split(separator: " ") ?? []
            #expect(described.allSatisfy { page.element(id: String($0)) != nil }, "\(described)")
            expectAccessiblePage(page)
        }
    }

    /// A choice field whose options are read from the data (form-js's `valuesKey`) is
    /// specialized: its options are the request's, each radio's id its own, the chosen one
    /// selected.
    @Test(arguments: ["select", "radio", "checkbox", "multiselect", "segmented"], [0, 1, 3])
    func aChoiceFieldsOptionsReadFromTheDataAreTheRequests(_ type: String, _ count: Int) throws {
        let harness = try PlannedScreens.oneTask(#"""
            [ { "type": "\#(type)", "key": "country", "label": "Country", "source": "countries", "validators": [ { "type": "required" } ] },
              { "type": "button", "label": "Save", "action": "ok" } ]
            """#)
        let field = try #require(try PlannedScreens.screen(harness).first)
        let countries = JSONValue.array((0..<count).map { .object(["value": .string("c\($0)"), "label": .string("Country <\($0)>")]) })
        let chosen: JSONValue = type == "multiselect" || type == "checkbox" ? .array([.string("c1")]) : .string("c1")
        let instance = try harness.engine.start(process: "p", session: "s", seed: .object(["countries": countries, "country": chosen]))
        var states = [try #require(harness.engine.screen(instance, language: "en"))]
        if case .invalid(let refused) = try harness.post(instance, "ok", [("country", "")]) { states.append(refused) }
        for state in states {
            let page = PlannedScreens.printed(state, harness)
            #expect(!PlannedScreens.printing(state, harness).drawsWhole(field))
            let choices = type == "select" ? Array(HTMLDocument.parse(page).all("option").dropFirst())
                : HTMLDocument.parse(page).all("input").filter { $0["name"] == "country" }
            #expect(choices.map { $0["value"] } == (0..<count).map { "c\($0)" })
            #expect(choices.map { $0[type == "select" ? "selected" : "checked"] != nil } == (0..<count).map { $0 == 1 && state.errors.isEmpty })
            #expect(Set(PlannedScreens.ids(page)).count == PlannedScreens.ids(page).count)
        }
    }

    /// An option's id is its field's followed by `-2`, `-3`…: where another field's id is of that
    /// form, the screen is drawn the general way (its ids given in one pass), so no two elements
    /// share an id.
    @Test func optionsReadFromTheDataBesideAnIDOfTheirFormKeepEveryIDUnique() throws {
        let harness = try PlannedScreens.oneTask(#"""
            [ { "type": "radio", "key": "a", "label": "A", "source": "list" }, { "type": "input", "key": "a-2", "label": "A 2" },
              { "type": "button", "label": "Save", "action": "ok" } ]
            """#, data: #"{ "list": ["x", "y", "z"] }"#)
        let radio = try #require(try PlannedScreens.screen(harness).first)
        let (_, state) = try harness.firstScreen("p")
        #expect(PlannedScreens.printing(state, harness).drawsWhole(radio))
        let ids = PlannedScreens.ids(PlannedScreens.printed(state, harness))
        #expect(Set(ids).count == ids.count, "\(ids)")
    }

    /// A child list's radios take ids of that form too, as many as its parent's value offers:
    /// beside such an id the screen is drawn the general way, and no two elements share an id.
    @Test func aChildListsRadiosBesideAnIDOfTheirFormKeepEveryIDUnique() throws {
        let harness = try PlannedScreens.oneTask(#"""
            [ { "type": "radio", "key": "city", "label": "City", "enumeration": "cities", "parentKey": "country" },
              { "type": "input", "key": "city-2", "label": "City 2" }, { "type": "button", "label": "Save", "action": "ok" } ]
            """#, data: #"{ "country": "ro" }"#, files: [
                "enumerations/countries.json": #"{ "name": "countries", "items": [ { "code": "ro", "content": { "en": "Romania" } } ] }"#,
                "enumerations/cities.json": #"""
                    { "name": "cities", "parent": "countries", "items": [ { "code": "b", "parentCode": "ro", "content": { "en": "Bucharest" } },
                      { "code": "cj", "parentCode": "ro", "content": { "en": "Cluj" } } ] }
                    """#])
        let radio = try #require(try PlannedScreens.screen(harness).first)
        let (_, state) = try harness.firstScreen("p")
        #expect(PlannedScreens.printing(state, harness).drawsWhole(radio))
        let ids = PlannedScreens.ids(PlannedScreens.printed(state, harness))
        #expect(ids.contains("field-city-2") && Set(ids).count == ids.count, "\(ids)")
    }

    /// A field's value is written per request only where its template prints it (a list's text
    /// is its JSON): a project's template that prints a multiselect's value still prints it.
    @Test func aTemplateThatPrintsAListsValuePrintsIt() throws {
        let harness = try PlannedScreens.oneTask(#"""
            [ { "type": "multiselect", "key": "topics", "label": "Topics", "options": [ { "value": "a", "label": "A" }, { "value": "b", "label": "B" } ] },
              { "type": "button", "label": "Save", "action": "ok" } ]
            """#, data: #"{ "topics": ["a", "b"] }"#, files: ["templates/components/multiselect.mustache": #"<p class="raw">{{value}}</p>"#])
        let (_, state) = try harness.firstScreen("p")
        #expect(HTMLDocument.parse(PlannedScreens.printed(state, harness)).all(where: { $0["class"] == "raw" }).first?.text == #"["a","b"]"#)
    }

    /// A time or date-and-time input is specialized: its type follows its value per request, a
    /// value the control cannot hold shown back in a text input.
    @Test(arguments: [("", ""), ("09:30", "2026-03-27T14:30"), ("9:30", "2026-02-30T10:00")])
    func aTimeInputsTypeFollowsItsValue(_ time: String, _ dateTime: String) throws {
        let harness = try PlannedScreens.oneTask(#"""
            [ { "type": "input", "inputType": "time", "key": "at", "label": "Time", "placeholder": "HH:MM" },
              { "type": "input", "inputType": "datetime-local", "key": "meeting", "label": "Meeting" },
              { "type": "button", "label": "Save", "action": "ok" } ]
            """#)
        let (_, first) = try harness.firstScreen("p")
        let state = first.with(data: .object(["at": .string(time), "meeting": .string(dateTime)]))
        #expect(!(try PlannedScreens.screen(harness).prefix(2).contains(where: PlannedScreens.printing(state, harness).drawsWhole)))
        let types = HTMLDocument.parse(PlannedScreens.printed(state, harness)).all("input")
            .filter { ["at", "meeting"].contains($0["name"]) }.map { $0["type"] }
        #expect(types == (time == "9:30" ? ["text", "text"] : ["time", "datetime-local"]))
    }

    /// A page with the process map beside its form, and a read-only shared view (which shows the
    /// map too), each have a plan of their own; the map is the request's, following the way taken.
    @Test(arguments: [false, true])
    func aPageWithTheMapBesideItOrReadOnlyHasAPlanOfItsOwn(_ readOnly: Bool) throws {
        let harness = try PlannedScreens.oneTask(#"""
            [ { "type": "input", "key": "name", "label": "Name" }, { "type": "button", "label": "Save", "action": "ok" } ]
            """#)
        let (_, state) = try harness.firstScreen("p")
        let process = try #require(harness.renderer.project.process(named: "p"))
        var settings = harness.settings
        settings.readOnly = readOnly
        // The way taken: to the task, or (an earlier page) nothing yet.
        for path in [MapPath(passed: [.init(from: nil, to: "s"), .init(from: "s", to: "t")], current: ["t"]), MapPath(), MapPath(current: ["t"])] {
            settings.map = ScreenMap(subject: .process(process), path: path)
            let page = HTMLDocument.parse(PlannedScreens.printed(state, harness, settings: settings))
            #expect(PlannedScreens.printing(state, harness, settings: settings).planned)
            #expect(page.all("li").filter { $0.hasClass("fs-map__step--current") }.count == path.current.count)
            #expect(page.all("fieldset").contains { $0.hasClass("fs-read-only") } == readOnly)
        }
    }
}

private extension ScreenState {
    /// The same screen over other data.
    func with(data: JSONValue) -> ScreenState {
        ScreenState(instanceID: instanceID, modal: false, process: process, nodeID: nodeID, task: task, components: components,
                    data: data, rawValues: [:], errors: [], stepper: nil, canGoBack: false, notice: nil, language: language)
    }
}
