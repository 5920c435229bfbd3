import Expressions
import Foundation
import Testing
import TestSupport
@testable import Definitions

/// A project whose one process `p` has a user task with these screen components and actions.
private func load(screen: String, actions: String, actionHandlers: Set<String> = [],
                  extra: [String: String] = [:]) throws -> Result<Project, LoadErrors> {
    var files = ["project.json": #"{ "name": "Fixture", "languages": ["en"] }"#,
                 "processes/p.json": """
                 { "name": "p", "nodes": [ { "id": "s", "type": "start", "next": "t" },
                   { "id": "t", "type": "userTask", "screen": \(screen), "actions": \(actions), "next": "e" },
                   { "id": "e", "type": "end" } ] }
                 """]
    files.merge(extra) { $1 }
    var loader = ProjectLoader(builtInThemes: RepositoryPaths.themes)
    loader.registeredActionHandlers = actionHandlers
    return loader.load(try RepositoryPaths.fixture(files))
}

private func errors(_ result: Result<Project, LoadErrors>) -> [LoadError] {
    if case .failure(let failed) = result { return failed.errors }
    return []
}

@Suite struct ActionLoading {
    @Test func anUnknownHandlerIsALoadErrorWithFileAndPointer() throws {
        let result = try load(screen: "[]", actions: #"[ { "name": "go", "type": "handler", "handler": "nope" } ]"#,
                              actionHandlers: ["score"])
        let error = try #require(errors(result).first)
        #expect(error.file == "processes/p.json")
        #expect(error.pointer == "/nodes/1/actions/0/handler")
        #expect(error.message.contains("no action handler is registered as \"nope\""))
        #expect(error.message.contains("\"score\""))
    }

    @Test func aRegisteredHandlerLoads() throws {
        let result = try load(screen: "[]", actions: #"[ { "name": "go", "type": "handler", "handler": "score", "next": "e" } ]"#,
                              actionHandlers: ["score"])
        let project = try result.get()
        #expect(project.process(named: "p")?.node("t")?.userTask?.action(named: "go")?.handler == "score")
    }

    /// `groups[].people`: the list in the row the button is in; each `[]` must be followed by the
    /// list's path in the row.
    @Test func aListInRowsIsWrittenWithEmptyBracketsForTheRow() throws {
        let loaded = try load(screen: "[]", actions: #"[ { "name": "add", "type": "addItem", "key": "groups[].people" } ]"#).get()
        let list = try #require(loaded.process(named: "p")?.node("t")?.userTask?.action(named: "add")?.list)
        #expect(list.parts.map(\.description) == ["groups", "people"])
        #expect(list.path(rows: [1], in: ["groups": [["people": []], ["people": []]]])?.description == "groups[1].people")
        #expect(list.path(rows: [2], in: ["groups": [["people": []], ["people": []]]]) == nil, "no third group")
        for key in ["groups[]people", "groups[]", "[].people"] {
            let result = try load(screen: "[]", actions: #"[ { "name": "add", "type": "addItem", "key": "\#(key)" } ]"#)
            let error = try #require(errors(result).first, "\(key)")
            #expect(error.pointer == "/nodes/1/actions/0/key")
            #expect(error.message.contains("is not a list's data path"))
        }
    }

    /// A Remove outside the list's items, or an Add for `groups[].people` outside a group's,
    /// cannot tell which row it means: a warning at the button.
    @Test func aListButtonOutsideTheRowsItNamesIsAWarning() throws {
        let screen = #"""
            [ { "type": "button", "label": "Remove", "action": "remove" },
              { "type": "collection", "source": "groups", "item": [
                  { "type": "button", "label": "Add a person", "action": "addPerson" },
                  { "type": "collection", "source": "$item.people", "item": [ { "type": "button", "label": "Remove", "action": "removePerson" } ] } ] },
              { "type": "button", "label": "Add a person", "action": "addPerson" } ]
            """#
        let actions = #"""
            [ { "name": "remove", "type": "removeItem", "key": "groups" }, { "name": "addPerson", "type": "addItem", "key": "groups[].people" },
              { "name": "removePerson", "type": "removeItem", "key": "groups[].people" } ]
            """#
        let project = try load(screen: screen, actions: actions).get()
        let warnings = project.warnings.filter { $0.file == "processes/p.json" }
        #expect(warnings.map(\.pointer) == ["/nodes/1/screen/0/action", "/nodes/1/screen/2/action"])
        #expect(warnings.last?.message.contains("put the button inside an item of the collection of groups") == true)
    }

    @Test func aLinkToAnUnsafeAddressIsALoadError() throws {
        let result = try load(screen: "[]", actions: #"[ { "name": "go", "type": "link", "url": "javascript:alert(1)" } ]"#)
        let error = try #require(errors(result).first)
        #expect(error.pointer == "/nodes/1/actions/0/url")
        #expect(error.message.contains("not a safe address"))
        #expect(SafeLink.isSafe("https://example.org") && SafeLink.isSafe("/processes") && !SafeLink.isSafe("//evil.example")
                && !SafeLink.isSafe("data:text/html,x"))
    }

    @Test func startProcessMustNameAProcessOfTheProject() throws {
        let result = try load(screen: "[]", actions: #"[ { "name": "go", "type": "startProcess", "process": "ghost" } ]"#)
        #expect(errors(result).first?.pointer == "/nodes/1/actions/0/process")
    }

    @Test func anUploadActionNeedsAFileUploadWithItsKeyAndAPositiveMaxSize() throws {
        let result = try load(screen: #"[ { "type": "fileUpload", "key": "doc", "label": "Doc", "maxSize": 0, "action": "up" } ]"#,
                              actions: #"[ { "name": "up", "type": "upload", "key": "other" } ]"#)
        let pointers = errors(result).map(\.pointer)
        #expect(pointers.contains("/nodes/1/screen/0/maxSize"))
        #expect(pointers.contains("/nodes/1/actions/0/key"))
    }

    @Test func aScenarioUploadMustStayInsideTheProject() throws {
        let project = try load(screen: #"[ { "type": "fileUpload", "key": "doc", "label": "Doc", "action": "up" } ]"#,
                               actions: #"[ { "name": "up", "type": "upload", "key": "doc" } ]"#).get()
        let folder = try RepositoryPaths.fixture(["scenarios/s.json": #"""
            { "process": "p", "steps": [ { "expect": "t", "action": "up", "uploads": { "doc": [
              { "file": "../../etc/passwd" }, { "file": "missing.pdf" }, { "name": "a.txt" } ] } } ] }
            """#])
        guard case .failure(let failed) = ScenarioLoader.load(folder, project: project) else {
            Issue.record("the scenario loaded"); return
        }
        #expect(failed.errors.map(\.pointer) == ["/steps/0/uploads/doc/0/file", "/steps/0/uploads/doc/1/file", "/steps/0/uploads/doc/2"])
    }
}
