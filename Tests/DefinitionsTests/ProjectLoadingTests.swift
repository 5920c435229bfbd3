import Expressions
import Foundation
import Testing
import TestSupport
@testable import Definitions

/// A project with one process whose nodes are `nodes` (JSON text).
func project(nodes: String, extra: [String: String] = [:]) throws -> URL {
    var files = [
        "project.json": #"{ "name": "Fixture", "languages": ["en"] }"#,
        "processes/p.json": #"{ "name": "p", "nodes": \#(nodes) }"#,
    ]
    files.merge(extra) { $1 }
    return try RepositoryPaths.fixture(files)
}

func load(_ folder: URL) -> Result<Project, LoadErrors> {
    ProjectLoader(builtInThemes: RepositoryPaths.themes).load(folder)
}

func errors(_ folder: URL) -> [LoadError] {
    if case .failure(let errors) = load(folder) { return errors.errors }
    return []
}

let validNodes = """
[ { "id": "start", "type": "start", "next": "ask" },
  { "id": "ask", "type": "userTask", "screen": [
      { "type": "input", "key": "name", "label": "Name" },
      { "type": "button", "label": "Go", "action": "go" } ],
    "actions": [ { "name": "go", "type": "submit", "next": "end" } ] },
  { "id": "end", "type": "end", "outcome": "completed" } ]
"""

@Suite struct ProjectLoading {
    @Test func theExampleProjectLoadsWithoutErrors() throws {
        let project = try load(RepositoryPaths.examples).get()
        #expect(project.processes.map(\.name).contains("loan_application"))
        #expect(project.processes.map(\.name).contains("employment_check"))
        #expect(project.processes.map(\.name).contains("preferences"))
        #expect(project.languages == ["en", "ro", "de", "ar"])
        #expect(project.themes["default"] != nil)
        #expect(project.warnings.isEmpty, "\(project.warnings)")
    }

    @Test func aValidProjectLoads() throws {
        let project = try load(try project(nodes: validNodes)).get()
        #expect(project.process(named: "p")?.userTaskIDs == ["ask"])
    }

    @Test func aMissingProjectFileSaysWhatToDo() throws {
        let folder = try RepositoryPaths.fixture(["readme.txt": "x"])
        let found = errors(folder)
        #expect(found.count == 1)
        #expect(found.first?.file == "project.json")
        #expect(found.first?.message.contains("not found") == true)
    }

    @Test func aDanglingNextNamesTheFileAndPointer() throws {
        let nodes = validNodes.replacingOccurrences(of: #""next": "ask""#, with: #""next": "nowhere""#)
        let found = errors(try project(nodes: nodes))
        #expect(found.map(\.description) == [#"processes/p.json /nodes/0/next: no node has the id "nowhere""#])
    }

    @Test func twoStartNodesAreAnError() throws {
        let nodes = validNodes.replacingOccurrences(of: #"{ "id": "end""#,
                                                    with: #"{ "id": "start2", "type": "start", "next": "ask" }, { "id": "end""#)
        let found = errors(try project(nodes: nodes))
        #expect(found.contains { $0.pointer == "/nodes/2" && $0.message.contains("exactly one start node") })
    }

    @Test func aBadExpressionNamesThePointerAndColumn() throws {
        let nodes = """
        [ { "id": "start", "type": "start", "next": "route" },
          { "id": "route", "type": "exclusiveGateway", "branches": [ { "when": "amount > (2", "next": "end" }, { "next": "end" } ] },
          { "id": "end", "type": "end" } ]
        """
        let found = errors(try project(nodes: nodes))
        #expect(found.count == 1)
        #expect(found.first?.file == "processes/p.json")
        #expect(found.first?.pointer == "/nodes/1/branches/0/when")
        #expect(found.first?.message.contains("column") == true)
    }

    @Test func anUnknownValidatorIsAnError() throws {
        let nodes = validNodes.replacingOccurrences(of: #""label": "Name" }"#,
                                                    with: #""label": "Name", "validators": [ { "type": "isAwesome" } ] }"#)
        let found = errors(try project(nodes: nodes))
        #expect(found.first?.pointer == "/nodes/1/screen/0/validators/0/type")
        #expect(found.first?.message.contains("unknown validator") == true)
    }

    @Test func aStepValidatorNeedsANumberGreaterThanZero() throws {
        let nodes = validNodes.replacingOccurrences(of: #""label": "Name" }"#,
                                                    with: #""label": "Name", "validators": [ { "type": "step", "value": 0 } ] }"#)
        let found = errors(try project(nodes: nodes))
        #expect(found.first?.pointer == "/nodes/1/screen/0/validators/0/value")
        #expect(found.first?.message.contains("a step must be a number greater than 0") == true)
    }

    @Test func aLinkToAnUnsafeAddressIsAnError() throws {
        let nodes = validNodes.replacingOccurrences(of: #"{ "type": "input", "key": "name", "label": "Name" }"#,
                                                    with: #"{ "type": "input", "key": "name", "label": "Name" }, { "type": "link", "label": "Go", "url": "javascript:alert(1)" }"#)
        let found = errors(try project(nodes: nodes))
        #expect(found.first?.pointer == "/nodes/1/screen/1/url")
        #expect(found.first?.message.contains("not a safe address") == true)
    }

    @Test func aPatternWrittenAsAnExpressionIsAnError() throws {
        let nodes = validNodes.replacingOccurrences(of: #""label": "Name" }"#,
                                                    with: #""label": "Name", "validators": [ { "type": "pattern", "value": "=code" } ] }"#)
        let found = errors(try project(nodes: nodes))
        #expect(found.first?.pointer == "/nodes/1/screen/0/validators/0/value")
        #expect(found.first?.message.contains("not an expression") == true)
    }

    // Issue 27: what the evaluation budget would cut off is refused at load, with its place.
    @Test func quantifiersNestedPastTheStepBudgetAreALoadErrorAtTheirPointer() throws {
        let nodes = validNodes.replacingOccurrences(of: #""label": "Name" }"#,
                                                    with: #""label": "Name", "hide": "any(a, any($item, any($item, $item > 1)))" }"#)
        let found = errors(try project(nodes: nodes))
        #expect(found.first?.file == "processes/p.json")
        #expect(found.first?.pointer == "/nodes/1/screen/0/hide")
        #expect(found.first?.message.contains("could take more than 1,048,576 steps") == true)
    }

    @Test func anUnknownCustomValidatorNameIsAnError() throws {
        let nodes = validNodes.replacingOccurrences(of: #""label": "Name" }"#,
                                                    with: #""label": "Name", "validators": [ { "type": "custom", "name": "adult" } ] }"#)
        #expect(errors(try project(nodes: nodes)).first?.message.contains("unknown custom validator \"adult\"") == true)
        let withFile = try project(nodes: nodes, extra: ["validators.json": #"{ "adult": { "expression": "value >= 18" } }"#])
        #expect(errors(withFile).isEmpty)
    }

    @Test func anUnknownComponentTypeListsTheCatalogue() throws {
        let nodes = validNodes.replacingOccurrences(of: #""type": "input""#, with: #""type": "carousel""#)
        let found = errors(try project(nodes: nodes))
        #expect(found.first?.pointer == "/nodes/1/screen/0/type")
        #expect(found.first?.message.contains("datepicker") == true)
    }

    @Test func aButtonNamingAMissingActionIsAnError() throws {
        let nodes = validNodes.replacingOccurrences(of: #""action": "go""#, with: #""action": "gone""#)
        #expect(errors(try project(nodes: nodes)).contains { $0.pointer == "/nodes/1/screen/1" && $0.message.contains("\"gone\"") })
    }

    @Test func invalidJSONNamesTheLineAndColumn() throws {
        let folder = try RepositoryPaths.fixture([
            "project.json": #"{ "name": "Fixture" }"#,
            "processes/p.json": "{\n  \"name\": \"p\",\n  \"nodes\": [ }\n}",
        ])
        let found = errors(folder)
        #expect(found.count == 1)
        #expect(found.first?.file == "processes/p.json")
        #expect(found.first?.message.contains("line 3") == true)
    }

    @Test func everyErrorOfEveryFileIsReportedAtOnce() throws {
        let folder = try RepositoryPaths.fixture([
            "project.json": #"{ "name": "Fixture" }"#,
            "processes/a.json": #"{ "nodes": [ { "id": "s", "type": "start", "next": "x" } ] }"#,
            "processes/b.json": #"{ "nodes": [ { "id": "s", "type": "start", "next": "y" }, { "id": "t", "type": "teleport" } ] }"#,
        ])
        let found = errors(folder)
        #expect(Set(found.map(\.file)) == ["processes/a.json", "processes/b.json"])
        #expect(found.count == 3)
    }

    @Test func aTagMissingInALanguageIsAWarning() throws {
        let folder = try RepositoryPaths.fixture([
            "project.json": #"{ "name": "Fixture", "languages": ["en", "ro"] }"#,
            "tags/en.json": #"{ "greeting": "Hello" }"#,
            "tags/ro.json": #"{ "greeting": "Bună" }"#,
            "processes/p.json": #"{ "name": "p", "title": "@@greeting", "nodes": [ { "id": "s", "type": "start", "next": "e" }, { "id": "e", "type": "end", "message": "@@bye" } ] }"#,
        ])
        let project = try load(folder).get()
        #expect(project.warnings.map(\.message).sorted() == [#"tag "@@bye" is missing for en, ro; add it to tags/en.json, tags/ro.json"#])
    }

    @Test func aTagMissingInAnyOfTheProjectsLanguagesIsAWarningEvenWhenTheDefaultLanguageHasIt() throws {
        let folder = try RepositoryPaths.fixture([
            "project.json": #"{ "name": "Fixture", "languages": ["en", "ro"] }"#,
            "tags/en.json": #"{ "greeting": "Hello" }"#,
            "tags/ro.json": #"{}"#,
            "processes/p.json": #"{ "name": "p", "title": "@@greeting", "nodes": [ { "id": "s", "type": "start", "next": "e" }, { "id": "e", "type": "end" } ] }"#,
        ])
        let project = try load(folder).get()
        #expect(project.warnings.map(\.description) == [#"processes/p.json /title: tag "@@greeting" is missing for ro; add it to tags/ro.json"#])
    }
}
