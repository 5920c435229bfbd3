import Expressions
import Foundation
import Testing
import TestSupport
@testable import Definitions

/// Issue 19: every slip is reported by `validate`: a data path that is read but never set.
@Suite struct UnsetPaths {
    func warnings(_ nodes: String, start: String = "", extra: [String: String] = [:]) throws -> [LoadError] {
        var files = ["project.json": #"{ "name": "Fixture", "languages": ["en"] }"#,
                     "processes/p.json": #"{ "name": "p", \#(start) "nodes": \#(nodes) }"#]
        files.merge(extra) { $1 }
        return try ProjectLoader(builtInThemes: RepositoryPaths.themes).load(try RepositoryPaths.fixture(files)).get().warnings
    }

    @Test func aPathReadButNeverSetIsAWarningWithItsPointerAndANearNameToUse() throws {
        let found = try warnings(#"""
            [ { "id": "s", "type": "start", "next": "ask" },
              { "id": "ask", "type": "userTask", "screen": [
                  { "type": "input", "key": "card.format", "label": "Format" },
                  { "type": "text", "markdown": "Format: ${card.fromat}" },
                  { "type": "input", "key": "card.note", "label": "Note", "hide": "card.fromat == 'x'" } ],
                "actions": [ { "name": "go", "type": "submit", "next": "route" } ] },
              { "id": "route", "type": "exclusiveGateway", "branches": [ { "when": "card.fromat == 'x'", "next": "e" }, { "next": "e" } ] },
              { "id": "e", "type": "end" } ]
            """#)
        #expect(found.map(\.pointer) == ["/nodes/1/screen/1/markdown", "/nodes/1/screen/2/hide", "/nodes/2/branches/0/when"])
        #expect(found.allSatisfy { $0.file == "processes/p.json" })
        #expect(found.allSatisfy { $0.message.hasPrefix(#""card.fromat" is read here, but no field"#) })
        #expect(found.allSatisfy { $0.message.contains(#"Did you mean "card.format"?"#) })
    }

    @Test func aPathSetByAnythingInTheProjectIsNotReported() throws {
        let found = try warnings(#"""
            [ { "id": "s", "type": "start", "next": "script" },
              { "id": "script", "type": "scriptTask", "set": { "computed.total": "1 + 2" }, "next": "ask" },
              { "id": "ask", "type": "userTask", "title": "Hello ${client.name} (${$language})", "screen": [
                  { "type": "collection", "source": "accounts", "label": "Accounts", "selectKey": "main", "itemLabel": "${$item.name}",
                    "item": [ { "type": "input", "key": "nickname", "label": "Nickname", "hide": "$item.closed == true" } ] },
                  { "type": "text", "markdown": "${accounts[0].nickname} ${accounts[0].name} ${main} ${computed.total}" },
                  { "type": "fileUpload", "key": "proof", "label": "Proof", "action": "upload" },
                  { "type": "text", "markdown": "${proof.name}", "hide": "count(accounts) == 0 && seed.value > 1" },
                  { "type": "input", "key": "amount", "label": "Amount", "validators": [ { "type": "custom", "name": "x", "expression": "value > 0" } ],
                    "disabled": "client.name == ''" } ],
                "actions": [ { "name": "upload", "type": "upload", "key": "proof" }, { "name": "go", "type": "submit", "next": "e" } ] },
              { "id": "e", "type": "end", "message": "Done, ${client.name}" } ]
            """#, start: #""data": { "seed": { "value": 2 } }, "params": [ { "key": "client.name" } ],"#,
            extra: ["validators.json": #"{ "x": { "expression": "value > 0" } }"#])
        // `client.name` and `seed.value` come from the process's start data and parameters.
        #expect(found.filter { $0.file == "processes/p.json" }.map(\.description) == [])
    }
}

/// FEEL in a FlowStage process is judged by what it surely reads.
@Suite struct UnsetPathsInFEEL {
    @Test func aNameInsideAFEELFilterIsNotReportedForItMayBeTheItemsMember() throws {
        let found = try UnsetPaths().warnings(#"""
            [ { "id": "s", "type": "start", "next": "ask" },
              { "id": "ask", "type": "userTask", "screen": [
                  { "type": "input", "key": "orders", "label": "Orders" },
                  { "type": "input", "key": "note", "label": "Note", "hide": { "feel": "count(orders[price > 10]) > limitt" } } ],
                "actions": [ { "name": "go", "type": "submit", "next": "e" } ] },
              { "id": "e", "type": "end" } ]
            """#)
        #expect(found.map { $0.message.prefix(9) } == [#""limitt" "#])
    }
}
