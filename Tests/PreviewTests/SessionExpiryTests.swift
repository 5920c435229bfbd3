import FlowStageRuntime
import Foundation
import HTTP
@testable import Preview
import TestSupport
import Testing

/// Issue #6: a session not seen for the idle timeout has expired. A request that brings it
/// gets a fresh session, and the sweep deletes it with everything it started. The clock is
/// moved by hand; nothing waits.
@Suite(.serialized) struct SessionExpiry {
    let clock = ManualClock()
    let database: SQLiteStore
    let preview: RunningPreview

    init() throws {
        database = try SQLiteStore.inMemory()
        preview = try RunningPreview(database: database,
                                     sessions: SessionStore(records: database.sessions, now: clock.now, idleTimeout: .days(7)))
    }

    private func id(of browser: Browser) -> String {
        String(browser.cookie?.split(separator: "=").last ?? "")
    }

    @Test func aRequestAfterTheIdleTimeoutGetsAFreshSession() throws {
        var browser = Browser(preview)
        let instance = try browser.startLoan()
        let old = id(of: browser)
        #expect(try browser.get("/").html.all("a").contains { $0["href"] == instance })
        clock.advance(by: .days(7) + 1)
        let page = try browser.get("/")
        #expect(page.status == 200)
        #expect(page.header("Set-Cookie") != nil, "a new cookie")
        #expect(id(of: browser) != old)
        #expect(!page.html.all("a").contains { $0["href"] == instance }, "the catalogue no longer lists the old instance")
    }

    @Test func anExpiredSessionsInstancesAreNotFound() throws {
        var browser = Browser(preview)
        let instance = try browser.startLoan()
        #expect(try browser.get(instance).status == 200)
        clock.advance(by: .days(7) + 1)
        let page = try browser.get(instance)
        #expect(page.status == 404)
        #expect(page.html.first("h1")?.text == "Page not found")
    }

    @Test func aFormPostedAfterTheIdleTimeoutChangesNothing() throws {
        var browser = Browser(preview)
        let instance = try browser.startLoan()
        _ = try browser.get(instance)
        let id = String(instance.split(separator: "/").last ?? "")
        let before = try #require(try database.instances.load(id))
        clock.advance(by: .days(7) + 1)
        let reply = try browser.post(instance + "/actions/continue", [("_screen", "personal")] + personal)
        #expect(reply.status == 403)
        #expect(reply.html.first("h1")?.text == "This form has expired")
        #expect(try database.instances.load(id) == before)
    }

    @Test func aSessionInUseDoesNotExpire() throws {
        var browser = Browser(preview)
        let instance = try browser.startLoan()
        let session = id(of: browser)
        for _ in 1...30 {
            clock.advance(by: .days(3))
            #expect(try browser.get(instance).status == 200)
        }
        #expect(preview.app.sweepExpiredSessions() == 0)
        #expect(id(of: browser) == session)
        #expect(try browser.get(instance).status == 200)
    }

    @Test func usingASessionWritesItsLastSeenTimeAtMostOncePerFiveMinutes() throws {
        var browser = Browser(preview)
        let instance = try browser.startLoan()
        let session = id(of: browser)
        let kept = try #require(try database.sessions.load(session))
        for _ in 1...29 {
            clock.advance(by: 10)
            #expect(try browser.get(instance).status == 200)
        }
        #expect(try database.sessions.load(session)?.version == kept.version, "290 s of page views write nothing")
        clock.advance(by: 10)
        _ = try browser.get(instance)
        let touched = try #require(try database.sessions.load(session))
        #expect(touched.version == kept.version + 1)
        #expect(touched.updatedAt == clock.now())
        clock.advance(by: 10)
        _ = try browser.get(instance)
        #expect(try database.sessions.load(session)?.version == touched.version)
    }

    @Test func theSweepDeletesExpiredSessionsWithTheirInstancesAndFlowRuns() throws {
        var idle = Browser(preview)
        _ = try idle.startLoan()
        #expect(try idle.post("/flows/onboarding/start", []).status == 303)
        var busy = Browser(preview)
        let kept = try busy.startLoan()
        clock.advance(by: .days(4))
        _ = try busy.get(kept)
        clock.advance(by: .days(3) + .minutes(6))

        #expect(preview.app.sweepExpiredSessions() == 1)
        #expect(try database.sessions.load(id(of: idle)) == nil)
        #expect(try database.instances.records(session: id(of: idle)).isEmpty)
        #expect(try database.flowRuns.records(session: id(of: idle)).isEmpty)
        #expect(try database.instances.records(session: id(of: busy)).count == 1, "a session seen 3 days ago stays")
        #expect(try busy.get(kept).status == 200)
    }

    @Test func theSweepLeavesASessionUntilItsStoredTimeCannotLagAnyMore() throws {
        // The stored last-seen time may be up to five minutes behind (another node may have
        // seen the session meanwhile), so the store's sessions go only after the timeout plus that.
        var browser = Browser(preview)
        _ = try browser.startLoan()
        clock.advance(by: .days(7) + .minutes(4))
        #expect(preview.app.sweepExpiredSessions() == 0)
        clock.advance(by: .minutes(2))
        #expect(preview.app.sweepExpiredSessions() == 1)
    }
}

/// The sweep deletes what "End session" deletes, uploaded files included.
@Suite(.serialized) struct SessionExpiryAndFiles {
    @Test func theSweepDeletesAnExpiredSessionsFiles() throws {
        let clock = ManualClock()
        let preview = try ActionsPreview(sessions: SessionStore(now: clock.now, idleTimeout: .hours(1)))
        var browser = Browser(client: preview.client)
        let instance = try browser.startDocs()
        _ = try browser.get(instance)
        _ = try browser.postFiles(instance + "/actions/upload", [("_screen", "ask")], files: [("proof", "a.pdf", pdfBytes)])
        #expect(!preview.storedFiles.isEmpty)
        clock.advance(by: .hours(2))
        #expect(preview.app.sweepExpiredSessions() == 1)
        #expect(preview.storedFiles.isEmpty)
    }
}

/// The store in front of the sessions table, on its own.
@Suite struct SessionStoreExpiry {
    @Test func aSessionThatOnlyViewedPagesExpiresToo() {
        let clock = ManualClock()
        let store = SessionStore(now: clock.now, idleTimeout: .hours(1))
        let session = store.create(language: "en", theme: "default", appearance: "auto")
        clock.advance(by: .minutes(59))
        #expect(store.session(session.id) != nil)
        clock.advance(by: .minutes(59))
        #expect(store.session(session.id) != nil, "seen 59 minutes ago")
        clock.advance(by: .minutes(61))
        #expect(store.session(session.id) == nil)
    }

    @Test func aTimeoutOfZeroKeepsSessionsForever() throws {
        let clock = ManualClock()
        let records = MemoryStore<Session>()
        let store = SessionStore(records: records, now: clock.now, idleTimeout: 0)
        let session = store.create(language: "en", theme: "default", appearance: "auto")
        try store.keep(session)
        clock.advance(by: .days(3_650))
        #expect(store.session(session.id) != nil)
        #expect(try store.expired().isEmpty)
    }

    @Test func aSessionEndedOnAnotherNodeLeavesTheCacheWhenItsTimeIsWritten() throws {
        let clock = ManualClock()
        let records = MemoryStore<Session>()
        let store = SessionStore(records: records, now: clock.now, idleTimeout: .days(7))
        let session = store.create(language: "en", theme: "default", appearance: "auto")
        try store.keep(session)
        try records.delete(session: session.id)   // another node ended it
        clock.advance(by: .minutes(10))
        _ = store.session(session.id)              // the write finds it gone
        #expect(store.session(session.id) == nil)
    }
}
