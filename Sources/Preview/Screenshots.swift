import Foundation
import Synchronization

/// Screenshots of saved pages with headless Chromium, for the sign-off report. Chromium is
/// started only by the path found (`chromium` or `chromium-browser` on `PATH`, or the one
/// given), one process per page, and killed when it takes longer than `timeout`.
public struct Screenshots: Sendable {
    /// The browser's executable; nil when none was found: the report then says so.
    public let chromium: String?
    public let timeout: Duration
    /// The viewport, CSS pixels: a laptop screen.
    public let width: Int
    public let height: Int

    /// Why there are none, when `chromium` is nil.
    public let missing: String

    public init(chromium: String?, timeout: Duration = .seconds(30), width: Int = 1280, height: Int = 1024,
                missing: String = "headless Chromium was not found (chromium or chromium-browser on PATH). Install Chromium and run the audit again to add them.") {
        self.chromium = chromium; self.timeout = timeout; self.width = width; self.height = height; self.missing = missing
    }

    /// `chromium` or `chromium-browser`, the first executable file of that name in `path`'s folders.
    public static func findChromium(path: String? = ProcessInfo.processInfo.environment["PATH"]) -> String? {
        let folders = (path ?? "").split(separator: ":").map(String.init).filter { !$0.isEmpty }
        for name in ["chromium", "chromium-browser"] {
            for folder in folders {
                let candidate = URL(fileURLWithPath: folder).appendingPathComponent(name).path
                if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            }
        }
        return nil
    }

    /// What the report says about its screenshots.
    public var note: String {
        chromium.map { "Taken with headless Chromium (\($0)), \(width)×\(height) pixels, light and dark." }
            ?? "Not taken: " + missing
    }

    /// One page to photograph: the saved HTML file and where its PNG goes.
    public struct Job: Sendable {
        public let page: URL
        public let png: URL
        public init(page: URL, png: URL) { self.page = page; self.png = png }
    }

    /// Takes every job's screenshot, as many at once as there are cores. Returns the jobs whose
    /// PNG was written; a failure leaves that one out and is described in `failures`.
    public func take(_ jobs: [Job]) -> (done: Set<URL>, failures: [String]) {
        guard let chromium else { return ([], []) }
        let results = Mutex<(done: Set<URL>, failures: [String])>(([], []))
        DispatchQueue.concurrentPerform(iterations: jobs.count) { index in
            let job = jobs[index]
            let failure = take(job, chromium: chromium)
            results.withLock { results in
                if let failure { results.failures.append(failure) } else { results.done.insert(job.png) }
            }
        }
        return results.withLock { $0 }
    }

    /// Runs Chromium on one page with its own throw-away profile (two at once must not share one).
    /// Returns why it failed, or nil.
    func take(_ job: Job, chromium: String) -> String? {
        let profile = FileManager.default.temporaryDirectory.appendingPathComponent("flowstage-chromium-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: profile) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: chromium)
        var arguments = ["--headless", "--disable-gpu", "--hide-scrollbars", "--no-first-run", "--no-default-browser-check",
                         "--disable-extensions", "--disable-background-networking", "--user-data-dir=\(profile.path)",
                         "--window-size=\(width),\(height)", "--screenshot=\(job.png.path)"]
        // Chromium refuses to start as root without it; the pages are the project's own, saved just now.
        if geteuid() == 0 { arguments.append("--no-sandbox") }
        process.arguments = arguments + [job.page.absoluteString]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        let finished = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in finished.signal() }
        do { try process.run() } catch { return "\(job.page.lastPathComponent): cannot start \(chromium): \(error.localizedDescription)" }
        let seconds = Double(timeout.components.seconds) + Double(timeout.components.attoseconds) / 1e18
        if finished.wait(timeout: .now() + seconds) == .timedOut {
            kill(process.processIdentifier, SIGKILL)
            finished.wait()
            return "\(job.page.lastPathComponent): Chromium took longer than \(Int(seconds)) s and was stopped"
        }
        guard process.terminationStatus == 0, FileManager.default.fileExists(atPath: job.png.path) else {
            return "\(job.page.lastPathComponent): Chromium exited with status \(process.terminationStatus) and wrote no screenshot"
        }
        return nil
    }
}
