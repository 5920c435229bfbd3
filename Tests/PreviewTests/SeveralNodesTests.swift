import FlowStageRuntime
import Foundation
import HTTP
@testable import Preview
import TestSupport
import Testing

/// Issue 23: what the preview does differently when several nodes share one store. Two
/// `SessionStore`s over one record store stand for two nodes (the PostgreSQL store's own
/// cross-node behaviour is tested in RuntimeTests/PostgresStoreTests.swift).
@Suite struct SessionsAcrossNodes {
    private func nodes() -> (SessionStore, SessionStore, MemoryStore<Session>) {
        let records = MemoryStore<Session>()
        return (SessionStore(records: records, shared: true), SessionStore(records: records, shared: true), records)
    }

    /// The first POST of a new visitor may reach the other node: it must know the session and its CSRF token.
    @Test func aSessionCreatedOnOneNodeIsKnownToAnotherAtOnce() throws {
        let (a, b, _) = nodes()
        let session = a.create(language: "en", theme: "default", appearance: "auto")
        #expect(b.session(session.id)?.csrf == session.csrf)
    }

    @Test func settingsChangedOnOneNodeAreSeenByAnother() throws {
        let (a, b, _) = nodes()
        var session = a.create(language: "en", theme: "default", appearance: "auto")
        #expect(b.session(session.id)?.language == "en") // now cached on b
        session.language = "de"
        try a.update(session)
        #expect(b.session(session.id)?.language == "de")
    }

    @Test func aSessionEndedOnOneNodeIsUnknownToAnother() throws {
        let (a, b, _) = nodes()
        let session = a.create(language: "en", theme: "default", appearance: "auto")
        #expect(b.session(session.id) != nil)
        try a.remove(session.id)
        #expect(b.session(session.id) == nil)
    }

    /// One node keeps the old rule: nothing is written before the first POST.
    @Test func onOneNodeANewSessionIsStoredOnlyWhenKept() throws {
        let records = MemoryStore<Session>()
        let store = SessionStore(records: records)
        let session = store.create(language: "en", theme: "default", appearance: "auto")
        #expect(try records.load(session.id) == nil)
        try store.keep(session)
        #expect(try records.load(session.id) != nil)
    }
}

/// A store that cannot be reached (PostgreSQL restarting, a file closed under the server) is a
/// 503 with `Retry-After`, not a "not found" page.
@Suite struct StoreUnavailable {
    @Test func aPageWhoseStoreFailsAnswers503WithRetryAfter() throws {
        let folder = try RepositoryPaths.fixture([:])
        let database = try SQLiteStore(path: folder.appendingPathComponent("flowstage.sqlite").path)
        let preview = try RunningPreview(database: database)
        var browser = Browser(preview)
        let instance = try browser.startLoan()
        #expect(try browser.get(instance).status == 200)
        try database.close()
        let page = try browser.get(instance)
        #expect(page.status == 503)
        #expect(page.header("Retry-After") == "5")
        #expect(page.text.contains("flowstage.sqlite"), "the reason names the database")
    }
}
