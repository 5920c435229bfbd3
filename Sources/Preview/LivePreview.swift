import Foundation
import HTTP
import Synchronization

/// Live reload (issue "preview web app"): serves the current `PreviewApp` and swaps it when
/// the project folder changes. A change that loads replaces the definitions at once — every
/// request sees either the old version or the new one, never a mix. A change that does not
/// load keeps the last good version and shows its errors on every page until it is fixed.
/// Sessions, instances and flow runs are kept across versions.
public final class LivePreview: Sendable {
    public enum Reload: Sendable, Equatable {
        case unchanged
        case reloaded
        /// The files on disk do not load; the last good version is still served.
        case failed(String)
    }

    public let folder: URL
    private let build: @Sendable () throws(PreviewLoader.Failure) -> PreviewApp
    private let current: Mutex<PreviewApp>
    /// Held for a whole reload, so two reloads never race to swap.
    private let reloading: Mutex<ProjectFingerprint>
    private let stopped = Atomic<Bool>(false)

    /// Loads the project once with `build` (which must share its stores and `SessionStore`
    /// between calls); a first load that fails is an error, as there is nothing to serve.
    public init(folder: URL, build: @escaping @Sendable () throws(PreviewLoader.Failure) -> PreviewApp) throws(PreviewLoader.Failure) {
        self.folder = folder
        self.build = build
        reloading = Mutex(ProjectFingerprint(of: folder))
        current = Mutex(try build())
    }

    /// The version being served.
    public var app: PreviewApp { current.withLock { $0 } }

    public func handle(_ request: consuming Request) -> Response {
        app.handle(request)
    }

    /// Looks at the folder; if anything changed since the last look, loads it again.
    @discardableResult
    public func reloadIfChanged() -> Reload {
        reloading.withLock { last -> Reload in
            let now = ProjectFingerprint(of: folder)
            guard now != last else { return .unchanged }
            last = now
            let previous = app
            do throws(PreviewLoader.Failure) {
                let next = try build().replacing(previous)
                current.withLock { $0 = next }
                previous.logger.info("project reloaded from \(folder.path)")
                return .reloaded
            } catch {
                let lines = error.description.split(separator: "\n").map(String.init)
                current.withLock { $0 = previous.with(generation: previous.generation + 1, projectErrors: lines) }
                previous.logger.warning("the project in \(folder.path) has errors; still serving the last good version:\n\(error.description)")
                return .failed(error.description)
            }
        }
    }

    /// Checks the folder every `interval` on a thread of its own until `stop()`.
    public func watch(every interval: TimeInterval = 0.5) {
        let thread = Thread { [self] in
            while !stopped.load(ordering: .relaxed) {
                Thread.sleep(forTimeInterval: interval)
                reloadIfChanged()
            }
        }
        thread.name = "flowstage-watch"
        thread.start()
    }

    /// Ends the sessions idle for longer than the timeout, with everything they started
    /// (`PreviewApp.sweepExpiredSessions`); returns how many.
    @discardableResult
    public func sweepExpiredSessions() -> Int {
        let ended = app.sweepExpiredSessions()
        if ended > 0 { app.logger.info("ended \(ended) session\(ended == 1 ? "" : "s") idle for longer than the timeout") }
        return ended
    }

    /// Sweeps expired sessions every `interval` on a thread of its own until `stop()`.
    public func sweepSessions(every interval: TimeInterval) {
        let thread = Thread { [self] in
            while !stopped.load(ordering: .relaxed) {
                Thread.sleep(forTimeInterval: interval)
                if !stopped.load(ordering: .relaxed) { sweepExpiredSessions() }
            }
        }
        thread.name = "flowstage-sweep"
        thread.start()
    }

    public func stop() {
        stopped.store(true, ordering: .relaxed)
    }
}
