import ArgumentParser
import FlowStageRuntime
import Foundation
import HTTP
import Logging
import PostgresStore
import Preview

struct Serve: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Serve a preview project in the browser.",
        discussion: """
            With no DIR, serves the built-in example project (Examples/).

            Nothing is written into DIR: the server keeps its SQLite file, uploaded files and
            analytics log in the user's data folder, one per project
            ($XDG_DATA_HOME/flowstage/projects/NAME-HASH, by default under ~/.local/share),
            unless --data, $FLOWSTAGE_DATA or --database says otherwise.

            Examples:
              flowstage serve path/to/camunda-models --open
              flowstage serve my-project --port 8081
            """)

    @Argument(help: "The preview project folder (default: the built-in Examples/).")
    var directory: String?

    @Option(help: "Address to listen on. Use 0.0.0.0 only to share a demo on a trusted network.")
    var host = ProcessInfo.processInfo.environment["FLOWSTAGE_HOST"] ?? "127.0.0.1"

    @Option(help: "Port to listen on; 0 picks a free one ($FLOWSTAGE_PORT). Without it, 8080, or the next free port when 8080 is taken.")
    var port: Int?

    @Flag(help: "Open the preview in the default browser once the server listens.")
    var open = false

    /// Two per core by default: libmicrohttpd keeps a keep-alive connection on the worker that
    /// accepted it, so with one worker per core an uneven split of the connections can leave
    /// a core idle while requests queue on the other (seen on `make bench`: 40 % of the CPU
    /// idle in some runs of the page benchmark, none with two per core).
    @Option(help: "Worker threads answering requests (default: two per core).")
    var threads = Serve.environment("FLOWSTAGE_THREADS") ?? 2 * max(1, ProcessInfo.processInfo.activeProcessorCount)

    @Option(help: "Largest request body without files, in bytes ($FLOWSTAGE_MAX_BODY).")
    var maxBody = Serve.environment("FLOWSTAGE_MAX_BODY") ?? (1 << 20)

    @Option(help: "Most fields in one form or query string ($FLOWSTAGE_MAX_FIELDS).")
    var maxFields = Serve.environment("FLOWSTAGE_MAX_FIELDS") ?? 1000

    @Option(help: "Longest field name or value, in bytes ($FLOWSTAGE_MAX_FIELD_LENGTH).")
    var maxFieldLength = Serve.environment("FLOWSTAGE_MAX_FIELD_LENGTH") ?? (64 << 10)

    @Option(help: "Most bytes of request line and headers ($FLOWSTAGE_MAX_HEADER).")
    var maxHeader = Serve.environment("FLOWSTAGE_MAX_HEADER") ?? (32 << 10)

    @Option(help: "Requests served on one connection before it is closed; 0 means no limit ($FLOWSTAGE_MAX_REQUESTS_PER_CONNECTION).")
    var maxRequestsPerConnection = Serve.environment("FLOWSTAGE_MAX_REQUESTS_PER_CONNECTION") ?? 0

    @Option(help: "Most connections open at once, from everyone ($FLOWSTAGE_MAX_CONNECTIONS).")
    var maxConnections = Serve.environment("FLOWSTAGE_MAX_CONNECTIONS") ?? 4096

    @Option(help: "Most connections open at once from one address (an IPv6 client: from its /64); more are closed at once; 0 means no limit ($FLOWSTAGE_MAX_CONNECTIONS_PER_ADDRESS).")
    var maxConnectionsPerAddress = Serve.environment("FLOWSTAGE_MAX_CONNECTIONS_PER_ADDRESS") ?? 32

    @Option(help: ArgumentHelp("How long a client has to send a request line and headers, however slowly it keeps sending: seconds, or a number with s or m; 0 means no deadline ($FLOWSTAGE_HEADER_TIMEOUT).",
                               valueName: "duration"))
    var headerTimeout = ProcessInfo.processInfo.environment["FLOWSTAGE_HEADER_TIMEOUT"].flatMap(IdleTimeout.init(argument:))
        ?? IdleTimeout(seconds: 10)

    @Option(help: "Slowest a request body may arrive, in bytes per second on average, once 10 seconds have passed (slower: 408); 0 means no floor ($FLOWSTAGE_MIN_BODY_RATE).")
    var minBodyRate = Serve.environment("FLOWSTAGE_MIN_BODY_RATE") ?? 1024

    @Option(help: ArgumentHelp("A reverse proxy whose X-Forwarded-For names the client, for the per-address and password limits: an address or range such as 10.0.0.0/8; repeat the flag or separate with commas ($FLOWSTAGE_TRUST_PROXY).",
                               valueName: "cidr"))
    var trustProxy: [String] = []

    @Option(help: "Largest uploaded file, in bytes ($FLOWSTAGE_MAX_UPLOAD); a fileUpload's maxSize can only lower it.")
    var maxUpload = Serve.environment("FLOWSTAGE_MAX_UPLOAD") ?? (10 << 20)

    @Option(help: "Log level: trace, debug, info, notice, warning, error, critical.")
    var logLevel = ProcessInfo.processInfo.environment["FLOWSTAGE_LOG_LEVEL"] ?? "info"

    @Flag(help: "Mark cookies Secure: the server is behind a TLS proxy.")
    var secureCookies = false

    @Option(help: ArgumentHelp("Require this password (or `Authorization: Bearer <password>`) on every request; for demos shared on a network. Prefer the environment variable, which other users cannot see.",
                               valueName: "password"))
    var password: String?

    /// The flag's password, else `$FLOWSTAGE_PASSWORD`.
    private var accessPassword: String? { password ?? ProcessInfo.processInfo.environment["FLOWSTAGE_PASSWORD"] }

    @Option(help: ArgumentHelp("How long a session may go unused before it expires and its instances, flow runs and uploaded files are deleted: seconds, or a number with s, m, h or d; 0 keeps sessions forever ($FLOWSTAGE_SESSION_TIMEOUT).",
                               valueName: "duration"))
    var sessionTimeout = ProcessInfo.processInfo.environment["FLOWSTAGE_SESSION_TIMEOUT"].flatMap(IdleTimeout.init(argument:))
        ?? IdleTimeout(seconds: SessionStore.defaultIdleTimeout)

    /// Where instances are kept: a SQLite file survives restarts; memory is for throwaway demos.
    enum StoreKind: String, ExpressibleByArgument, CaseIterable { case sqlite, memory }

    @Option(help: "Where instances are kept: sqlite (a file; they survive restarts) or memory.")
    var store = StoreKind(rawValue: ProcessInfo.processInfo.environment["FLOWSTAGE_STORE"] ?? "") ?? .sqlite

    @Option(help: ArgumentHelp("The folder for the SQLite file, uploaded files and analytics log ($FLOWSTAGE_DATA; default: "
                               + "the user's data folder for this project, $XDG_DATA_HOME/flowstage/projects/NAME-HASH).",
                               valueName: "folder"))
    var data: String?

    @Option(help: ArgumentHelp("The SQLite file (default: flowstage.sqlite in the data folder), "
                               + "or a PostgreSQL database shared by several nodes: postgresql://user[:password]@host[:port]/database "
                               + "($FLOWSTAGE_DATABASE_URL).",
                               valueName: "path-or-url"))
    var database: String?

    /// The PostgreSQL URL, when `--database` is one or, without `--database`, `$FLOWSTAGE_DATABASE_URL`.
    private var databaseURL: String? {
        if let database { return PostgresURL.isURL(database) ? database : nil }
        return ProcessInfo.processInfo.environment["FLOWSTAGE_DATABASE_URL"].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The SQLite file named by `--database`, if it names one.
    private var databaseFile: String? {
        database.flatMap { PostgresURL.isURL($0) ? nil : $0 }
    }

    @ArgumentParser.Option(help: ArgumentHelp("The JSON-lines analytics log (default: analytics.jsonl beside the database; \"off\" writes none).",
                                              valueName: "path"))
    var analytics: String?

    @Flag(inversion: .prefixedNo, help: "Reload the project when its files change (on by default).")
    var watch = true

    func run() throws {
        let level = Logger.Level(rawValue: logLevel) ?? .info
        LoggingSystem.bootstrap { label in
            var handler = ServerLogHandler(label: label)
            handler.logLevel = level
            return handler
        }
        let logger = Logger(label: "flowstage")
        let trustedProxies: TrustedProxies
        do {
            let values = trustProxy.isEmpty ? ProcessInfo.processInfo.environment["FLOWSTAGE_TRUST_PROXY"].map { [$0] } ?? [] : trustProxy
            trustedProxies = try TrustedProxies(parsing: values)
        } catch {
            FileHandle.standardError.write(Data("flowstage: --trust-proxy: \(error)\n".utf8))
            throw ExitCode.failure
        }
        let resources = try Resources.locate()
        let project = directory.map { URL(fileURLWithPath: $0) } ?? Resources.examples(in: resources)

        let chosenData = self.data ?? ProcessInfo.processInfo.environment["FLOWSTAGE_DATA"].flatMap { $0.isEmpty ? nil : $0 }
        let data = chosenData.map { URL(fileURLWithPath: $0) } ?? DataFolder.forProject(project)
        let legacyData = DataFolder.legacy(in: project)
        let legacyNote = chosenData == nil && databaseFile == nil && databaseURL == nil && store == .sqlite
            && FileManager.default.fileExists(atPath: legacyData.appendingPathComponent("flowstage.sqlite").path)
            ? "An older FlowStage kept this project's data in \(legacyData.path), which is no longer read; to go on with it, pass --data \(legacyData.path), or move its files to \(data.path) while the server is stopped."
            : nil
        let instanceStore: InstanceStore
        let flowRunStore: FlowRunStore
        let sessionStore: any RecordStore<Session>
        var sqlite: SQLiteStore?
        var postgres: PostgresStore?
        let storeLine: String
        if let databaseURL {
            guard store != .memory else {
                FileHandle.standardError.write(Data("flowstage: --store memory and a PostgreSQL database URL contradict each other; drop one\n".utf8))
                throw ExitCode.failure
            }
            do {
                // One connection per request thread at most: a thread uses one at a time.
                let shared = try PostgresStore(url: databaseURL, connections: min(64, max(2, threads)))
                (instanceStore, flowRunStore, sessionStore, postgres) = (shared.instances, shared.flowRuns, shared.sessions, shared)
                storeLine = "Sessions, instances, flow runs and uploaded files are kept in PostgreSQL at \(shared.url), shared by every node using it."
            } catch {
                FileHandle.standardError.write(Data("flowstage: \(error)\n".utf8))
                throw ExitCode.failure
            }
        } else {
            switch store {
            case .memory:
                instanceStore = MemoryStore<Instance>()
                flowRunStore = MemoryStore<FlowRun>()
                sessionStore = MemoryStore<Session>()
                storeLine = "Sessions, instances and flow runs are kept in memory and are lost when the server stops."
            case .sqlite:
                let path = databaseFile ?? data.appendingPathComponent("flowstage.sqlite").path
                do {
                    let file = try SQLiteStore(path: path)
                    (instanceStore, flowRunStore, sessionStore, sqlite) = (file.instances, file.flowRuns, file.sessions, file)
                    storeLine = "Sessions, instances and flow runs are kept in the SQLite file \(file.path)."
                } catch {
                    // The default place is the user's data folder: say how to choose another.
                    let hint = chosenData == nil && databaseFile == nil
                        ? " (the data folder for this project; pass --data with a folder you can write to, or --store memory)" : ""
                    FileHandle.standardError.write(Data("flowstage: \(error)\(hint)\n".utf8))
                    throw ExitCode.failure
                }
            }
        }

        var engineConfiguration = ProcessEngine.Configuration()
        // Uploads: beside the SQLite file, or for a memory store in a temporary folder removed
        // at stop. Multipart parts stream into `incoming/` inside it, so keeping one is a rename.
        // With PostgreSQL the files are kept in the database; parts still arrive in `incoming/` here.
        let uploadsFolder = store == .memory && postgres == nil
            ? FileManager.default.temporaryDirectory.appendingPathComponent("flowstage-uploads-\(UUID().uuidString)")
            : (databaseFile.map { URL(fileURLWithPath: $0).deletingLastPathComponent() } ?? data).appendingPathComponent("uploads")
        do {
            if let postgres {
                // The bytes go to PostgreSQL; the folder only receives multipart parts in `incoming/`.
                try FileManager.default.createDirectory(at: uploadsFolder, withIntermediateDirectories: true)
                engineConfiguration.uploads = postgres.uploads
            } else {
                engineConfiguration.uploads = try FolderUploadStore(folder: uploadsFolder)
            }
        } catch {
            FileHandle.standardError.write(Data("flowstage: cannot create the upload folder \(uploadsFolder.path): \(error)\n".utf8))
            throw ExitCode.failure
        }
        engineConfiguration.maxUploadBytes = max(1, maxUpload)
        var analyticsLine: String?
        let analyticsPath = analytics ?? (databaseFile.map { URL(fileURLWithPath: $0).deletingLastPathComponent() } ?? data)
            .appendingPathComponent("analytics.jsonl").path
        if let postgres, analytics == nil {
            // Several nodes: one table for all of them; `--analytics PATH` still picks a file of this node.
            engineConfiguration.analytics = [postgres.analytics]
            // The inspector then shows the steps every node served, not only this one's.
            engineConfiguration.recent = RecentAnalytics(shared: postgres.analytics)
            analyticsLine = "Analytics events are written to the analytics_events table of \(postgres.url)."
        } else if analyticsPath != "off" {
            do {
                let sink = try JSONLinesAnalyticsSink(path: analyticsPath)
                engineConfiguration.analytics = [sink]
                analyticsLine = "Analytics events are appended to \(sink.path)."
            } catch {
                FileHandle.standardError.write(Data("flowstage: \(error)\n".utf8))
                throw ExitCode.failure
            }
        }
        let engine = engineConfiguration
        let live: LivePreview
        let sessions = SessionStore(records: sessionStore, idleTimeout: sessionTimeout.seconds, shared: postgres != nil)
        let folder = project.standardizedFileURL
        // Several nodes: the access cookie must be good on every node, so its value comes from the database.
        var sharedToken: String?
        if let postgres, let password = accessPassword, !password.isEmpty {
            do { sharedToken = try postgres.accessSecret(for: password) } catch {
                FileHandle.standardError.write(Data("flowstage: \(error)\n".utf8))
                throw ExitCode.failure
            }
        }
        // …and so must the count of wrong guesses, or N nodes would allow N times as many.
        let guesses: any PasswordGuessCounting = postgres.map {
            SharedPasswordGuesses(shared: $0.passwordGuesses, local: PasswordGuesses())
        } ?? PasswordGuesses()
        var configured = PreviewApp.Configuration(secureCookies: secureCookies, accessPassword: accessPassword,
                                                  passwordGuesses: guesses, accessSecret: sharedToken)
        configured.versionedRedirects = postgres != nil
        let appConfiguration = configured
        do {
            live = try LivePreview(folder: folder) { () throws(PreviewLoader.Failure) -> PreviewApp in
                try PreviewLoader.load(project: folder, resources: resources, store: instanceStore, flowStore: flowRunStore,
                                       sessions: sessions, engineConfiguration: engine, configuration: appConfiguration, logger: logger)
            }
        } catch {
            FileHandle.standardError.write(Data("flowstage: the project in \(project.path) has errors:\n\(error)\n".utf8))
            throw ExitCode.failure
        }
        // Sessions that expired while the server was stopped go before the first request.
        let endedAtStart = sessions.idleTimeout == nil ? 0 : live.sweepExpiredSessions()
        var configuration = ServerConfiguration()
        configuration.host = host
        configuration.threads = max(1, threads)
        configuration.maxBodyBytes = maxBody
        configuration.maxFields = max(1, maxFields)
        configuration.maxFieldBytes = max(1, maxFieldLength)
        configuration.maxHeaderBytes = max(1 << 10, maxHeader)
        configuration.maxRequestsPerConnection = maxRequestsPerConnection > 0 ? maxRequestsPerConnection : nil
        configuration.maxConnections = max(1, maxConnections)
        configuration.maxConnectionsPerAddress = maxConnectionsPerAddress > 0 ? maxConnectionsPerAddress : nil
        configuration.headerTimeoutSeconds = headerTimeout.seconds
        configuration.minBodyBytesPerSecond = max(0, minBodyRate)
        configuration.trustedProxies = trustedProxies
        // A multipart body holds the file and the other fields: the file limit plus the form limit.
        configuration.maxUploadBytes = max(1, maxUpload) + maxBody
        configuration.uploadDirectory = uploadsFolder.appendingPathComponent("incoming", isDirectory: true)
        configuration.errorPage = { live.serverErrorPage($0) }
        let askedPort = port ?? Self.environment("FLOWSTAGE_PORT")
        configuration.port = askedPort ?? Self.defaultPort
        configuration.nextFreePorts = askedPort == nil ? 20 : 0
        let server = HTTPServer(configuration: configuration, handler: live.handle)
        do {
            try server.start()
        } catch {
            FileHandle.standardError.write(Data("flowstage: \(error)\n".utf8))
            throw ExitCode.failure
        }
        if watch { live.watch() }
        if let timeout = sessions.idleTimeout { live.sweepSessions(every: min(60 * 60, max(60, timeout / 4))) }
        let address = "http://\(host == "0.0.0.0" || host == "::" ? "127.0.0.1" : host.contains(":") ? "[\(host)]" : host):\(server.port)/"
        if askedPort == nil && server.port != Self.defaultPort {
            print("Port \(Self.defaultPort) is in use, so FlowStage listens on \(server.port).")
        }
        print("FlowStage is serving “\(live.app.engine.project.name)” at \(address)")
        if let legacyNote { print(legacyNote) }
        print(storeLine)
        if let analyticsLine { print(analyticsLine) }
        if sessions.idleTimeout == nil {
            print("Sessions never expire.")
        } else {
            print("Sessions unused for \(sessionTimeout.words) expire with their instances, flow runs and files"
                  + (endedAtStart > 0 ? "; \(endedAtStart) expired session\(endedAtStart == 1 ? " was" : "s were") ended now." : "."))
        }
        if appConfiguration.accessPassword != nil { print("Every request needs the access password.") }
        if !trustedProxies.isEmpty {
            print("X-Forwarded-For names the client only on connections from \(trustedProxies.ranges.map(\.description).joined(separator: ", ")).")
        }
        if server.connectionLimit < configuration.maxConnections {
            print("At most \(server.connectionLimit) connections at once, not \(configuration.maxConnections): the open-file limit (ulimit -n) allows no more; raise it, or lower --max-connections.")
        }
        if watch { print("Changes to \(folder.path) are loaded as you save them.") }
        print("Press Ctrl-C to stop.")
        fflush(nil)
        if open, let problem = BrowserOpener.open(address) {
            print(problem)
            fflush(nil)
        }
        waitForTerminationSignal()
        live.stop()
        server.stop()
        try? sqlite?.close() // folds the WAL back into the file
        postgres?.close()
        if store == .memory && postgres == nil { try? FileManager.default.removeItem(at: uploadsFolder) }
        print("Stopped.")
    }

    /// The port when none is asked for; when it is taken the next free one is used (a designer's
    /// second preview should open, not fail), while an asked-for port that is taken is an error.
    static let defaultPort = 8080

    /// A whole number from the environment, for a flag's default.
    static func environment(_ name: String) -> Int? {
        ProcessInfo.processInfo.environment[name].flatMap { Int($0) }
    }
}

