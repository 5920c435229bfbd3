import Definitions
import Expressions
@testable import FlowStageRuntime
import Foundation
import Synchronization
import TestSupport
import Testing

/// process.md, "Analytics events": start, screen, action and end events to pluggable sinks.
private final class Collected: AnalyticsSink {
    private let all = Mutex<[AnalyticsEvent]>([])
    func record(_ events: [AnalyticsEvent]) { all.withLock { $0 += events } }
    var events: [AnalyticsEvent] { all.withLock { $0 } }
}

private let analyticsNodes = """
[ { "id": "s", "type": "start", "next": "ask" },
  { "id": "ask", "type": "userTask", "title": "Ask", "analytics": { "screen": "ask_screen", "customPayload": { "ab": "b" } },
    "screen": [ { "type": "input", "key": "name", "label": "Your name", "validators": [ { "type": "required" } ] },
                { "type": "button", "label": "Send", "action": "send" } ],
    "actions": [ { "name": "send", "type": "submit", "analytics": { "value": "sent", "customPayload": { "n": 1 } } } ],
    "next": "more" },
  { "id": "more", "type": "userTask", "screen": [ { "type": "button", "label": "Done", "action": "done" } ],
    "actions": [ { "name": "done", "type": "submit" } ], "next": "e" },
  { "id": "e", "type": "end", "outcome": "completed" } ]
"""

private func analyticsEngine() throws -> (ProcessEngine, Collected) {
    let folder = try RepositoryPaths.fixture([
        "project.json": #"{ "name": "Fixture", "languages": ["en"] }"#,
        "processes/p.json": #"{ "name": "p", "nodes": \#(analyticsNodes) }"#,
    ])
    let project = try ProjectLoader(builtInThemes: RepositoryPaths.themes).load(folder).get()
    let sink = Collected()
    return (ProcessEngine(project: project, store: MemoryStore<Instance>(), configuration: .init(analytics: [sink])), sink)
}

@Suite struct AnalyticsEvents {
    @Test func startingRecordsAStartEventAndTheFirstScreen() throws {
        let (engine, sink) = try analyticsEngine()
        let instance = try engine.start(process: "p", session: "s")
        #expect(sink.events.map(\.kind) == [.start, .screen])
        let screen = sink.events[1]
        #expect(screen.value == "ask_screen", "analytics.screen names the screen")
        #expect(screen.screen == "ask")
        #expect(screen.customPayload == ["ab": "b"])
        #expect(screen.instance == instance.id && screen.session == "s" && screen.process == "p")
    }

    @Test func anActionRecordsItsValueComponentLabelAndPayloadThenTheNextScreen() throws {
        let (engine, sink) = try analyticsEngine()
        let instance = try engine.start(process: "p", session: "s")
        _ = try submit(engine, instance, "send", [("name", "Ana")])
        let events = Array(sink.events.dropFirst(2))
        #expect(events.map(\.kind) == [.action, .screen])
        #expect(events[0].value == "sent")
        #expect(events[0].component == "button")
        #expect(events[0].label == "Send")
        #expect(events[0].screen == "ask")
        #expect(events[0].customPayload == ["n": 1])
        #expect(events[1].value == "more", "without analytics.screen the node id")
    }

    @Test func reachingAnEndRecordsItsOutcome() throws {
        let (engine, sink) = try analyticsEngine()
        let started = try engine.start(process: "p", session: "s")
        let moved = try #require(try submit(engine, started, "send", [("name", "Ana")]).applied)
        _ = try submit(engine, moved, "done", [])
        #expect(sink.events.last?.kind == .end)
        #expect(sink.events.last?.value == "completed")
        #expect(sink.events.last?.screen == "e")
    }

    @Test func aPostWithErrorsRecordsNothing() throws {
        let (engine, sink) = try analyticsEngine()
        let instance = try engine.start(process: "p", session: "s")
        _ = try submit(engine, instance, "send", [])
        #expect(sink.events.count == 2, "only the start and the first screen")
    }

    @Test func theInspectorKeepsEachInstancesRecentEvents() throws {
        let (engine, _) = try analyticsEngine()
        let instance = try engine.start(process: "p", session: "s")
        #expect(engine.recent.events(of: instance.id).map(\.kind) == [.start, .screen])
        #expect(engine.recent.events(of: "other").isEmpty)
    }

    /// With a shared source (several nodes) the inspector reads it; when it cannot be read,
    /// this node's own events are shown rather than nothing.
    @Test func theInspectorReadsTheSharedEventsAndFallsBackToItsOwnWhenTheyCannotBeRead() throws {
        let source = StubRecentEvents()
        let recent = RecentAnalytics(shared: source)
        let own = AnalyticsEvent(kind: .start, time: Date(timeIntervalSince1970: 0), instance: "i", process: "p", session: "s",
                                 value: "p", screen: nil, component: nil, label: nil, customPayload: nil)
        recent.record([own])
        #expect(recent.eventJSON(of: "i") == [#"{"from":"every node"}"#])
        #expect(source.asked.withLock { $0 } == ["i"])
        source.failing.withLock { $0 = true }
        #expect(recent.eventJSON(of: "i") == [own.json.serialized()])
        #expect(RecentAnalytics().eventJSON(of: "i") == [], "no source, nothing recorded")
    }

    @Test func theJSONLinesLogWritesOneObjectPerLine() throws {
        let folder = try RepositoryPaths.fixture([:])
        let path = folder.appendingPathComponent("logs/analytics.jsonl").path
        let sink = try JSONLinesAnalyticsSink(path: path)
        let event = AnalyticsEvent(kind: .action, time: Date(timeIntervalSince1970: 0), instance: "i", process: "p",
                                   session: "s", value: "sent", screen: "ask", component: "button", label: "Send",
                                   customPayload: ["n": 1])
        sink.record([event, event])
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 2)
        let parsed = try JSONParser.parse(String(lines[0]))
        #expect(parsed["event"] == "action")
        #expect(parsed["time"] == "1970-01-01T00:00:00.000Z")
        #expect(parsed["label"] == "Send")
        #expect(parsed["customPayload"]?["n"] == 1)
    }
}

/// Shared events that answer one fixed event, or fail while `failing` is set.
private final class StubRecentEvents: SharedRecentEvents {
    let failing = Mutex(false)
    let asked = Mutex<[String]>([])

    func recentEvents(of instance: String, limit: Int) throws(StoreError) -> [String] {
        asked.withLock { $0.append(instance) }
        if failing.withLock({ $0 }) { throw .failed("the database is restarting") }
        return [#"{"from":"every node"}"#]
    }
}
