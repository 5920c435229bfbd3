import Definitions
import Expressions
import Foundation
import Testing
import TestSupport

/// Load-time checks of the catalogue components' properties: a mistake is a load error at
/// the component (file and JSON pointer), not a broken page.
@Suite struct ComponentLoadChecks {
    func errors(_ component: String) throws -> [LoadError] {
        let folder = try RepositoryPaths.fixture([
            "project.json": #"{ "name": "Fixture", "languages": ["en"] }"#,
            "processes/p.json": #"""
            { "name": "p", "data": { "rows": [] }, "nodes": [
              { "id": "s", "type": "start", "next": "t" },
              { "id": "t", "type": "userTask", "screen": [ \#(component) ],
                "actions": [ { "name": "ok", "type": "submit", "next": "e" } ] },
              { "id": "e", "type": "end" } ] }
            """#])
        switch ProjectLoader(builtInThemes: RepositoryPaths.themes).load(folder) {
        case .success: return []
        case .failure(let failed): return failed.errors
        }
    }

    @Test func aWordsPropertyWrittenAsFEELThatDoesNotParseIsALoadErrorWhereItIs() throws {
        let found = try errors(#"{ "type": "table", "source": "rows", "caption": { "feel": "1 +" }, "columns": [ { "key": "a", "label": "A" } ] }"#)
        #expect(found.map(\.pointer) == ["/nodes/1/screen/0/caption/feel"])
    }

    @Test func aSliderMaxMustBeAboveItsMin() throws {
        let found = try errors(#"{ "type": "slider", "key": "x", "label": "X", "min": 10, "max": 5 }"#)
        #expect(found.map(\.pointer) == ["/nodes/1/screen/0/max"])
    }

    @Test func aDatepickerBoundIsAnISODateOrToday() throws {
        #expect(try errors(#"{ "type": "datepicker", "key": "x", "label": "X", "min": "today", "max": "2030-12-31" }"#).isEmpty)
        let found = try errors(#"{ "type": "datepicker", "key": "x", "label": "X", "min": "31/12/2030" }"#)
        #expect(found.first?.message.contains("ISO date") == true)
        #expect(found.first?.pointer == "/nodes/1/screen/0/min")
    }

    @Test func aTableNeedsACaptionAndKnownColumnFormats() throws {
        let found = try errors(#"{ "type": "table", "source": "rows", "columns": [ { "key": "a", "label": "A", "format": "money" } ] }"#)
        #expect(found.contains { $0.message.contains("caption") })
        #expect(found.contains { $0.pointer == "/nodes/1/screen/0/columns/0/format" })
    }

    @Test func aCollectionNeedsASourceAndItsItem() throws {
        let found = try errors(#"{ "type": "collection" }"#)
        #expect(found.contains { $0.message.contains("\"source\"") })
        #expect(found.contains { $0.message.contains("\"item\"") })
    }
}
