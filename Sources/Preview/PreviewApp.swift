import Definitions
import Expressions
import FlowStageRuntime
import Foundation
import HTTP
import Logging
import Rendering

/// The web application of docs/reference/http.md: routes, sessions and CSRF in front of the runtime
/// and the renderer. Pages follow POST-redirect-GET: a good post answers 303, a post with
/// validation errors 422 with the same screen.
public final class PreviewApp: Sendable {
    public struct Configuration: Sendable {
        /// Mark cookies `Secure` (the server is behind TLS).
        public var secureCookies: Bool
        /// When set, every request needs it: as `Authorization: Bearer …`, or typed once into
        /// the access page, which gives the browser a cookie (`AccessGate`).
        public let accessPassword: String?
        /// The access cookie's value: random per server start, so no one can forge it from the password.
        let accessSecret: String
        /// Wrong passwords per client address, shared by every project version of a server run.
        public let passwordGuesses: any PasswordGuessCounting
        /// Redirects after a change name the instance's new version (`?v=7`), so the node that
        /// shows the next page, maybe not the one that made the change, shows it at least that
        /// new (`ProcessEngine.instance(_:session:atLeast:)`). Set for several nodes (PostgreSQL).
        public var versionedRedirects = false

        /// `accessSecret`: the access cookie's value when several nodes must agree on it
        /// (`PostgresStore.accessSecret(for:)`); by default random per server start.
        public init(secureCookies: Bool = false, accessPassword: String? = nil,
                    passwordGuesses: any PasswordGuessCounting = PasswordGuesses(), accessSecret: String? = nil) {
            self.secureCookies = secureCookies
            self.accessPassword = accessPassword.flatMap { $0.isEmpty ? nil : $0 }
            self.accessSecret = accessSecret ?? Secret.random()
            self.passwordGuesses = passwordGuesses
        }
    }

    static let sessionCookie = "flowstage_session"

    public let engine: ProcessEngine
    /// App flows share `/instances/{id}` with processes: an id is looked up as an instance, then as a run.
    public let flows: FlowEngine
    let renderer: Renderer
    let statics: StaticFiles
    let sessions: SessionStore
    let configuration: Configuration
    let logger: Logger
    let links = ServerLinks()
    /// Each theme's generated CSS as `<name>.css`, with ETags like any static file.
    private let themeFiles: StaticFiles
    /// The project's media files (`GET /media/{key}`).
    private let mediaFiles: MediaRoute
    /// The JSON Schemas of the project files (`GET /schemas/{name}.json`), for editors.
    let schemaFiles: StaticFiles
    /// Counts the project versions loaded (live reload): the comfort script reloads a page when it changes.
    let generation: Int
    /// Why the last change to the project files could not be loaded; shown on every page
    /// while this (last good) version is served.
    let projectErrors: [String]
    /// The loaded project's warnings, shown on every page so a slip is seen where it shows.
    let projectWarnings: [String]
    /// The component gallery's examples (`/gallery`), read once with the templates.
    let gallery: ComponentGallery
    /// The engine's project, kept here rather than read through a computed property: a getter
    /// returns a copy of the whole `Project` (every table retained, then released), and a page
    /// view asks for it several times (session defaults, settings).
    let project: Project
    /// The project's scenarios that load: the catalogue's demo bookmarks ("Start at step N").
    let scenarios: [Scenario]
    /// The Camunda test cases that follow the schema: bookmarks too ("Start at instruction N").
    let testCases: [CamundaTestCase]

    public convenience init(engine: ProcessEngine, flows: FlowEngine, renderer: Renderer, publicFolder: URL,
                            sessions: SessionStore = SessionStore(), scenarios: [Scenario] = [], testCases: [CamundaTestCase] = [],
                            configuration: Configuration = Configuration(),
                            logger: Logger = Logger(label: "flowstage"), gallery: ComponentGallery = ComponentGallery(),
                            schemasFolder: URL? = nil) throws {
        self.init(engine: engine, flows: flows, renderer: renderer, statics: try StaticFiles(root: publicFolder),
                  sessions: sessions, configuration: configuration, logger: logger, generation: 1, projectErrors: [],
                  gallery: gallery, schemaFiles: SchemaRoute.files(in: schemasFolder), scenarios: scenarios, testCases: testCases)
    }

    private init(engine: ProcessEngine, flows: FlowEngine, renderer: Renderer, statics: StaticFiles, sessions: SessionStore,
                 configuration: Configuration, logger: Logger, generation: Int, projectErrors: [String],
                 gallery: ComponentGallery, schemaFiles: StaticFiles, scenarios: [Scenario], testCases: [CamundaTestCase]) {
        self.engine = engine
        self.flows = flows
        self.renderer = renderer
        self.statics = statics
        self.sessions = sessions
        self.configuration = configuration
        self.logger = logger
        self.themeFiles = StaticFiles(contents: Dictionary(uniqueKeysWithValues: renderer.themeCSS.map { ($0.key + ".css", Array($0.value.utf8)) }))
        self.mediaFiles = MediaRoute(engine.project.media)
        self.generation = generation
        self.projectErrors = projectErrors
        self.projectWarnings = engine.project.warnings.map(\.description)
        self.gallery = gallery
        self.schemaFiles = schemaFiles
        self.scenarios = scenarios
        self.testCases = testCases
        self.project = engine.project
    }

    /// The same preview in a later generation: with the errors of a change that did not load
    /// (or none, once it loads again).
    func with(generation: Int, projectErrors: [String]) -> PreviewApp {
        PreviewApp(engine: engine, flows: flows, renderer: renderer, statics: statics, sessions: sessions,
                   configuration: configuration, logger: logger, generation: generation, projectErrors: projectErrors,
                   gallery: gallery, schemaFiles: schemaFiles, scenarios: scenarios, testCases: testCases)
    }

    /// This project version's pages with another app's sessions, static files and generation:
    /// how a reload swaps definitions while every browser keeps its session.
    func replacing(_ previous: PreviewApp) -> PreviewApp {
        PreviewApp(engine: engine, flows: flows, renderer: renderer, statics: previous.statics, sessions: previous.sessions,
                   configuration: configuration, logger: logger, generation: previous.generation + 1, projectErrors: [],
                   gallery: gallery, schemaFiles: schemaFiles, scenarios: scenarios, testCases: testCases)
    }

    /// One log line per request at `info`; below that level the clock is not even read.
    /// The request is taken owned and moved into the route handler's `Route.Call`: borrowed,
    /// it was copied into the call (a dozen retains) and that copy destroyed again.
    public func handle(_ request: consuming Request) -> Response {
        guard logger.logLevel <= .info else { return secured(answer(request)) }
        let started = DispatchTime.now().uptimeNanoseconds
        let (method, path) = (request.method, request.path)
        let response = secured(answer(request))
        let micros = (DispatchTime.now().uptimeNanoseconds - started) / 1_000
        logger.info("\(method) \(path) \(response.status) \(micros)µs")
        return response
    }

    private func answer(_ request: consuming Request) -> Response {
        if let refused = accessRefusal(request) { return refused }
        return route(request)
    }

    /// The one place routes are matched and what they need is checked (`Route.Needs`): the
    /// session, the CSRF token, a form body. Security headers are added around it (`handle`).
    private func route(_ request: consuming Request) -> Response {
        let segments = PathSegments.of(request.path)
        guard let method = Route.Method(rawValue: request.method == "HEAD" ? "GET" : request.method) else {
            let session = currentSession(request).0
            var response = errorPage(405, "methodNotAllowed",
                                     words(session).fill("errorPage.methodNotAllowedLead", ["method": request.method]), session)
            response.headers.add("Allow", "GET, HEAD, POST")
            return response
        }
        guard let (index, parameters) = Self.match(method, segments, request) else {
            let (session, isNew) = currentSession(request)
            var response = notFound(request, session)
            if isNew { setSessionCookie(session.id, on: &response) }
            return response
        }
        let route = Self.routes[index]
        if route.needs == .nothing {
            return route.handler(self, Route.Call(request: request, session: Self.noSession, parameters: parameters))
        }
        let (session, isNew) = currentSession(request)
        if var refused = refusal(of: route, request, session, isNew) {
            if isNew { setSessionCookie(session.id, on: &refused) }
            return refused
        }
        let newID = isNew ? session.id : nil
        var response = route.handler(self, Route.Call(request: consume request, session: consume session, parameters: parameters))
        if let newID { setSessionCookie(newID, on: &response) }
        return response
    }

    /// The first route that fits: its index in `routes`, and the path's parameters. Lines are
    /// read field by field: `for route in routes` copied each line tried (its pattern, parts
    /// and closures retained and released).
    private static func match(_ method: Route.Method, _ segments: [String], _ request: Request) -> (index: Int, parameters: [String])? {
        for index in routeIndex.candidates(method, first: segments.first) {
            // The condition first: a page view's JSON twin fits the same path, and its
            // parameters were made only to be dropped.
            if routes[index].when?(request) ?? true, let parameters = Route.parameters(of: segments, parts: routes[index].parts) {
                return (index, parameters)
            }
        }
        return nil
    }

    private func setSessionCookie(_ id: String, on response: inout Response) {
        response.setCookie(Cookies.setCookie(name: PreviewApp.sessionCookie, value: id, secure: configuration.secureCookies))
    }

    /// The session a file route's handler is given: it reads none.
    private static let noSession = Session(id: "", csrf: "", language: "en", theme: "default", appearance: "auto", now: Date())

    /// Why `route` may not run for this request, if it may not: every change needs the session's
    /// token in `_csrf` (403, nothing changes), and the session is kept before the change;
    /// actions and events read a posted form, so any other body (JSON, say), which would read
    /// as a form with every field empty and blank the data, is refused (415).
    private func refusal(of route: Route, _ request: Request, _ session: Session, _ isNew: Bool) -> Response? {
        switch route.needs {
        case .nothing, .session:
            return nil
        case .token, .tokenAndForm:
            guard !isNew, let token = request.form?.first("_csrf") ?? Self.jsonCSRF(request),
                  Secret.equal(token, session.csrf) else {
                return errorPage(403, "formExpired", words(session)["errorPage.formExpiredLead"], session)
            }
            do { try sessions.keep(session) } catch {
                return errorPage(503, "nothingChanged", words(session).fill("errorPage.sessionNotSaved", ["reason": error.description]), session)
            }
            if route.needs == .tokenAndForm, request.form == nil, !request.body.isEmpty {
                return errorPage(415, "nothingChanged", words(session)["errorPage.formRequiredLead"], session)
            }
            return nil
        }
    }

    // MARK: - Files

    /// What the comfort script polls; changes when the project is reloaded or fails to.
    func liveVersion() -> Response {
        var response = Response.text(200, "\(generation)\n")
        response.headers["Cache-Control"] = "no-store"
        return response
    }

    func publicFile(_ path: String, _ request: Request) -> Response {
        statics.response(for: "/" + path, request: request) ?? notFound(request)
    }

    func themeFile(_ name: String, _ request: Request) -> Response {
        themeFiles.response(for: name, request: request) ?? notFound(request)
    }

    func mediaFile(_ key: String, _ request: Request) -> Response {
        mediaFiles.response(for: key, request: request) ?? notFound(request)
    }

    func schemaFile(_ name: String, _ request: Request) -> Response {
        schemaFiles.response(for: name, request: request) ?? notFound(request)
    }

    // MARK: - Pages

    func catalogue(_ session: Session, notice: String?) -> Response {
        let instances = (try? engine.instances(session: session.id)) ?? []
        let runs = (try? flows.runs(session: session.id)) ?? []
        let formatter = ISO8601DateFormatter()
        let summaries = (instances.map {
            InstanceSummary(id: $0.id, process: $0.process, status: $0.status.rawValue, started: formatter.string(from: $0.createdAt),
                            running: $0.status == .running)
        } + runs.map {
            InstanceSummary(id: $0.id, process: $0.flow, status: $0.status == .stopped ? "stopped" : "running",
                            started: formatter.string(from: $0.createdAt), running: $0.status != .stopped)
        }).sorted { $0.started > $1.started }
        return html(200, renderer.catalogue(instances: summaries, scenarios: scenarios, testCases: testCases, notice: notice,
                                            settings: settings(session)))
    }

    /// The address of `instance`'s page after it changed: with its version when several nodes serve.
    private func changed(_ instance: Instance) -> String {
        configuration.versionedRedirects ? links.instance(instance.id) + "?v=\(instance.version)" : links.instance(instance.id)
    }

    func show(_ id: String, _ session: Session, tab: String? = nil, atLeast version: Int? = nil) -> Response {
        let instance: Instance
        do {
            if let version {
                instance = try engine.instance(id, session: session.id, atLeast: version)
            } else {
                instance = try engine.instance(id, session: session.id)
            }
        } catch .store(.failed(let reason)) {
            return storeUnavailable(reason, session)
        } catch {
            return showRun(id, session)
        }
        return page(for: instance, session, status: 200, notice: nil, tab: tab)
    }

    /// The store could not be reached (PostgreSQL restarting, a network fault, a locked file):
    /// 503 with `Retry-After`, so the page is retried rather than mistaken for a missing instance.
    func storeUnavailable(_ reason: String, _ session: Session) -> Response {
        var response = errorPage(503, "storeUnavailable", StoreError.failed(reason).description, session)
        response.headers["Retry-After"] = "5"
        return response
    }

    /// The instance's current screen, or its end page once it has finished; `readOnly` for a
    /// shared link's view (every control disabled, no project warnings).
    func page(for instance: Instance, _ session: Session, status: Int, notice: String?, tab: String? = nil,
              readOnly: Bool = false) -> Response {
        var settings = settings(session)
        if readOnly {
            // A shared view: every control disabled, no project warnings, and the map of the way so far.
            (settings.readOnly, settings.projectErrors, settings.projectWarnings) = (true, [], [])
        }
        if readOnly || settings.showsMap { settings.map = screenMap(of: instance) }
        if let state = engine.screen(instance, task: tab, language: session.language, notice: notice) {
            return html(status, renderer.screen(state, settings: settings))
        }
        guard let process = project.process(named: instance.process) else {
            return errorPage(404, "processNotFound", words(session).named("errorPage.processNotFoundLead", instance.process), session)
        }
        if instance.status == .running {
            // The project changed under a running instance: say so and offer a fresh start.
            let node = instance.current ?? "?"
            return html(409, renderer.end(process: process, endNode: nil, outcome: "failed",
                                          incident: words(session).fill("errorPage.screenGone", ["node": node, "name": process.name]),
                                          data: instance.data, settings: settings))
        }
        let outcome = switch instance.status {
        case .failed: "failed"
        case .cancelled: "cancelled"
        default: "completed"
        }
        return html(status, renderer.end(process: process, endNode: instance.endNode, outcome: outcome,
                                         incident: instance.incident?.message, data: instance.data,
                                         settings: settings))
    }

    // MARK: - Posts

    /// Starts a process with the catalogue's parameters, or with JSON: a JSON body, or the
    /// "Start with data" page's `_data` text (refused text is shown back on that page, 422).
    func start(_ name: String, _ request: Request, _ session: Session) -> Response {
        guard let process = project.process(named: name) else { return notFoundPage(session) }
        var params: [String: JSONValue] = [:]
        for parameter in process.params {
            if let value = request.form?.first(parameter.key.description) { params[parameter.key.description] = .string(value) }
        }
        let typed = request.form?.first("_data")
        var seed = JSONValue.null
        if let json = typed.map({ Array($0.utf8) }) ?? (Self.isJSON(request) ? request.body : nil),
           typed?.allSatisfy(\.isWhitespace) != true {
            do {
                let data = try StartData(json: json, process: process)
                (seed, params) = (data.seed, data.params)
            } catch {
                if let typed { return startWithDataPage(name, session, text: typed, error: error.description) }
                return errorPage(400, "startParameters", words(session).fill("errorPage.startParametersLead", ["reason": "\(error)"]), session)
            }
        }
        let modal = request.form?.first("modal") == "1" || request.query.contains { $0.name == "modal" && $0.value == "1" }
        do {
            let instance = try engine.start(process: name, session: session.id, params: params, seed: seed, modal: modal)
            return Response.redirect(to: changed(instance))
        } catch {
            if let typed { return startWithDataPage(name, session, text: typed, error: error.description) }
            return errorPage(400, "startFailed", error.description, session)
        }
    }

    func action(_ name: String, on id: String, _ request: Request, _ session: Session) -> Response {
        let form = Self.postedForm(request)
        let waitingBefore = (try? engine.instance(id, session: session.id))?.waiting ?? []
        do {
            return outcome(try engine.perform(action: name, on: id, session: session.id, form: form,
                                              language: session.language), session, task: form.values("_screen").first,
                           waitingBefore: waitingBefore)
        } catch .instanceNotFound {
            return notFoundPage(session)
        } catch .unknownAction(let action) {
            return errorPage(404, "actionNotFound", RuntimeError.unknownAction(action).description, session)
        } catch .uploadStorage(let reason) {
            return errorPage(503, "fileNotStored", RuntimeError.uploadStorage(reason).description, session)
        } catch .store(.failed(let reason)) {
            return storeUnavailable(reason, session)
        } catch {
            return errorPage(409, "notSaved", error.description, session)
        }
    }

    func back(_ id: String, _ session: Session, task: String? = nil) -> Response {
        do {
            return outcome(try engine.back(id, session: session.id, task: task, language: session.language), session)
        } catch .instanceNotFound {
            return flowOutcome({ () throws(FlowEngineError) -> FlowResult in
                try flows.back(id, session: session.id, language: session.language)
            }, session)
        } catch {
            return errorPage(409, "notSaved", error.description, session)
        }
    }

    /// `task` is the waiting task the post came from: when it still waits beside others (a
    /// save on one tab), the browser goes back to that tab rather than to the first one.
    /// After an applied action the browser stays on the posted task while it still waits beside
    /// others, unless the action started a branch that now comes first (a non-interrupting
    /// event): then it goes where the event led.
    private func outcome(_ result: ActionResult, _ session: Session, task: String? = nil, waitingBefore: [String] = []) -> Response {
        switch result {
        case .applied(let instance):
            if instance.status != .running,
               let result = try? flows.childEnded(instance, language: session.language), let run = result.run {
                return flowRedirect(run)
            }
            // A process started by a `startProcess` action returns to its starter when it ends.
            if instance.status != .running, let parent = instance.parent, (try? engine.instance(parent, session: session.id)) != nil {
                return Response.redirect(to: links.instance(parent))
            }
            let newBranchFirst = instance.waiting.first.map { $0 != task && !waitingBefore.contains($0) } ?? false
            if let task, instance.waiting.count > 1, instance.waiting.contains(task), !newBranchFirst {
                return Response.redirect(to: links.tab(instance.id, task))
            }
            return Response.redirect(to: changed(instance))
        case .started(_, let child):
            return Response.redirect(to: links.instance(child.id))
        case .link(let instance, let url):
            return SafeLink.isSafe(url) ? Response.redirect(to: url) : Response.redirect(to: links.instance(instance.id))
        case .invalid(let state):
            return html(422, renderer.screen(state, settings: screenSettings(session, for: state.instanceID)))
        case .refused(let instance, let notice):
            return page(for: instance, session, status: 409, notice: notice)
        case .dismissed(let instance):
            return Response.redirect(to: links.close(instance.id))
        }
    }

    /// Stores the chosen language, theme, appearance and device width; a value the project does not offer is ignored.
    func saveSettings(_ request: Request, _ session: Session) -> Response {
        // A setting is the person's choice when it differs from the project's; choosing the
        // project's own value makes it follow project.json again.
        var changed = session
        if let language = request.form?.first("language"), project.languages.contains(language) {
            changed.language = language
            changed.setChosen(.language, language != project.defaultLanguage)
        }
        if let theme = request.form?.first("theme"), project.themes[theme] != nil {
            changed.theme = theme
            changed.setChosen(.theme, theme != project.theme)
        }
        if let appearance = request.form?.first("appearance"), ["auto", "light", "dark"].contains(appearance) {
            changed.appearance = appearance
            changed.setChosen(.appearance, appearance != project.appearance.rawValue)
        }
        if let device = request.form?.first("device"), PageSettings.devices.contains(device) {
            changed.device = device == "full" ? nil : device
        }
        if let map = request.form?.first("map"), ["on", "off"].contains(map) {
            changed.showsMap = map == "on" ? true : nil
        }
        do { try sessions.update(changed) } catch {
            return errorPage(503, "settingsNotSaved", error.description, session)
        }
        return Response.redirect(to: links.home)
    }

    // MARK: - App flows

    func startFlow(_ name: String, _ session: Session) -> Response {
        do {
            return flowRedirect(try flows.start(flow: name, session: session.id))
        } catch .unknownFlow {
            return notFoundPage(session)
        } catch {
            return errorPage(400, "flowStartFailed", error.description, session)
        }
    }

    func event(_ name: String, on id: String, _ request: Request, _ session: Session) -> Response {
        let form = PostedForm(request.form?.fields ?? [])
        return flowOutcome({ () throws(FlowEngineError) -> FlowResult in
            try flows.fire(event: name, on: id, session: session.id, form: form, language: session.language)
        }, session)
    }

    /// A run's page: first resumes it (a launched process may have ended), then shows its
    /// screen, or sends the browser to the process it waits on.
    private func showRun(_ id: String, _ session: Session) -> Response {
        let result: FlowResult
        do { result = try flows.resume(id, session: session.id, language: session.language) } catch .runNotFound {
            return notFoundPage(session)
        } catch {
            return errorPage(500, "flowNotShown", error.description, session)
        }
        switch result {
        case .applied(let run): return runPage(run, session, status: 200, notice: nil)
        case .invalid(let state): return html(422, renderer.screen(state, settings: screenSettings(session, for: state.instanceID)))
        case .failed(let run, let error): return runPage(run, session, status: 409, notice: error.description)
        case .refused(let run, let notice): return runPage(run, session, status: 409, notice: notice)
        }
    }

    func runPage(_ run: FlowRun, _ session: Session, status: Int, notice: String?) -> Response {
        if run.status == .waiting, let child = run.child { return Response.redirect(to: links.instance(child), status: 303) }
        guard let state = flows.screen(run, language: session.language, notice: notice) else {
            return errorPage(409, "flowChanged",
                             words(session).fill("errorPage.flowChangedLead", ["state": run.currentState ?? "", "name": run.flow]), session)
        }
        return html(status, renderer.screen(state, settings: screenSettings(session, for: run.id)))
    }

    private func flowOutcome(_ body: () throws(FlowEngineError) -> FlowResult, _ session: Session) -> Response {
        do {
            switch try body() {
            case .applied(let run): return flowRedirect(run)
            case .invalid(let state): return html(422, renderer.screen(state, settings: screenSettings(session, for: state.instanceID)))
            case .failed(let run, let error): return runPage(run, session, status: 409, notice: error.description)
            case .refused(let run, let notice): return runPage(run, session, status: 409, notice: notice)
            }
        } catch .runNotFound {
            return notFoundPage(session)
        } catch {
            return errorPage(409, "notSaved", error.description, session)
        }
    }

    /// After a flow move: the run's page, or the process it launched.
    func flowRedirect(_ run: FlowRun) -> Response {
        Response.redirect(to: links.instance(run.status == .waiting ? run.child ?? run.id : run.id))
    }

    // MARK: - Sessions and security

    private func currentSession(_ request: Request) -> (Session, isNew: Bool) {
        if let id = request.cookies[PreviewApp.sessionCookie], var session = sessions.session(id) {
            applyProjectDefaults(&session)
            return (session, false)
        }
        return (sessions.create(language: project.defaultLanguage, theme: project.theme,
                                appearance: project.appearance.rawValue), true)
    }

    /// The session as this project version shows it: a setting the person did not choose in the
    /// catalogue follows project.json (so changing `theme` or `languages` there reaches open
    /// sessions on their next page), and a chosen one the project no longer offers does too.
    /// In place: the session read from the store is changed, not copied (a consuming parameter
    /// given back was copied all the same).
    func applyProjectDefaults(_ session: inout Session) {
        if !session.hasChosen(.language) || !project.languages.contains(session.language) {
            session.language = project.defaultLanguage
        }
        if !session.hasChosen(.theme) || project.themes[session.theme] == nil { session.theme = project.theme }
        if !session.hasChosen(.appearance) { session.appearance = project.appearance.rawValue }
    }

    func settings(_ session: Session) -> PageSettings {
        var settings = PageSettings(language: session.language, theme: session.theme, appearance: session.appearance, csrf: session.csrf,
                                    device: session.device ?? "full", projectErrors: projectErrors,
                                    projectWarnings: projectWarnings, generation: generation)
        settings.showsMap = session.showsMap == true
        return settings
    }

    func notFound(_ request: Request, _ session: Session? = nil) -> Response {
        let session = session ?? Session(id: "", csrf: "", language: project.defaultLanguage, theme: project.theme,
                                         appearance: project.appearance.rawValue, now: Date())
        return notFoundPage(session)
    }

    /// Unknown and foreign instances look the same: no one learns that an id exists.
    func notFoundPage(_ session: Session) -> Response {
        errorPage(404, "notFound", words(session)["errorPage.notFoundLead"], session)
    }

    /// An error page whose heading is the interface word `errorPage.<heading>` in the session's language.
    func errorPage(_ status: Int, _ heading: String, _ message: String, _ session: Session) -> Response {
        html(status, renderer.error(heading: words(session)["errorPage." + heading], message: message, settings: settings(session)))
    }

    /// The interface words of the session's language.
    func words(_ session: Session) -> Words {
        project.words.for(session.language)
    }

    func html(_ status: Int, _ bytes: [UInt8]) -> Response {
        var response = Response.html(status, bytes)
        response.headers["Cache-Control"] = "no-store"
        return response
    }

    /// Headers every answer carries: only our own scripts and styles, no framing, no sniffing.
    /// Consuming: a copy of the caller's response would share its header array, and adding to
    /// it would copy the array.
    func secured(_ response: consuming Response) -> Response {
        response.headers.reserveCapacity(response.headers.count + 4)
        // A media SVG brings its own, stricter policy (MediaRoute); pages may show https images (`image` with `url`).
        if !response.headers.contains("Content-Security-Policy") {
            response.headers.add("Content-Security-Policy",
                                 "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: https: http:; form-action 'self'; frame-ancestors 'none'; base-uri 'none'; object-src 'none'")
        }
        response.headers.add("X-Content-Type-Options", "nosniff")
        // A shared page keeps its own `no-referrer`: one policy per answer, as browsers take the last.
        if !response.headers.contains("Referrer-Policy") { response.headers.add("Referrer-Policy", "same-origin") }
        response.headers.add("X-Frame-Options", "DENY")
        return response
    }
}

