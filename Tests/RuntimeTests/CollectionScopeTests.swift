import Definitions
@testable import FlowStageRuntime
import Testing

struct CollectionScopeTests {
    @Test func expressionsInACollectionItemSeeItsIndex() throws {
        let engine = try engine(processes: ["p": """
        [ { "id": "s", "type": "start", "next": "rows" },
          { "id": "rows", "type": "scriptTask", "set": { "rows": "[\\"a\\", \\"b\\", \\"c\\"]" }, "next": "t" },
          { "id": "t", "type": "userTask",
            "screen": [ { "type": "collection", "source": "rows",
                          "item": [ { "type": "text", "markdown": "Row", "hide": "$index == 1" } ] } ],
            "actions": [ { "name": "ok", "type": "submit", "next": "done" } ] },
          { "id": "done", "type": "end" } ]
        """])
        let state = try #require(engine.screen(try engine.start(process: "p", session: "s"), language: "en"))
        let items = try #require(state.components.first?.items)
        #expect(items.map(\.components.count) == [1, 0, 1])
    }
}
