import Definitions

/// The URLs a page links to. The preview server and the static-site writer each give their
/// own, so the renderer never knows about HTTP routes.
public protocol PageLinks: Sendable {
    var home: String { get }
    var stylesheet: String { get }
    var script: String { get }
    func theme(_ name: String) -> String
    func instance(_ id: String) -> String
    func action(_ instance: String, _ action: String) -> String
    func back(_ instance: String) -> String
    /// Where a flow screen's button fires its event (docs/reference/flows.md).
    func event(_ instance: String, _ event: String) -> String
    func start(_ process: String) -> String
    func startFlow(_ flow: String) -> String
    /// Where the settings form (language, theme, appearance) posts.
    var settings: String { get }
    /// The session's newest running instance of a process ("continue the latest").
    func latest(_ process: String) -> String
    /// Where Stop posts (instances and flow runs).
    func stop(_ instance: String) -> String
    /// A modal process's close confirmation page.
    func close(_ instance: String) -> String
    func inspect(_ instance: String) -> String
    /// The process map of an instance or a run (`/instances/{id}/map`); nil where there is no server.
    func map(_ instance: String) -> String?
    /// Where "End session" posts.
    var endSession: String { get }
    /// Where the access page of a password-protected preview posts.
    var access: String { get }
    /// How a screen's form is sent (default `post`).
    var formMethod: String { get }
    /// Where a media file of the project is served (`/media/{key}`; a static site links its copy).
    func media(_ item: MediaItem) -> String
    /// An uploaded file (`GET /uploads/{id}`); nil where there is no server to serve it.
    func upload(_ id: String) -> String?
    /// The component gallery's index (`/gallery`); nil where there is none.
    var gallery: String? { get }
    /// Where a scenario's "Start at step N" posts; nil where there is no server to run it.
    func startScenario(_ scenario: String) -> String?
    /// The catalogue's bookmark of the Camunda test case `number` (1-based, in the catalogue's order).
    func startTestCase(_ number: Int) -> String?
    /// Where "Reset demo data" posts; nil where there is no server.
    var resetSession: String? { get }
    /// The FEEL playground (`/feel`), or on an instance's data (`/instances/{id}/feel`); nil
    /// where there is no server to evaluate.
    func feel(_ instance: String?) -> String?
    /// An instance's walk as a Camunda Process Test case to download; nil where there is no server.
    func testCase(_ instance: String) -> String?
    /// A decision's "try it" page (`/decisions/{id}`); nil where there is no server to evaluate.
    func decision(_ id: String) -> String?
    /// A path on the preview server that an author wrote as an address (an image `url` such as
    /// `/public/gallery-sample.svg`), as this page must write it.
    func sitePath(_ path: String) -> String
}

extension PageLinks {
    /// The preview server's route, docs/reference/http.md: `GET /media/{key}` (keys are URL-safe by load rule).
    public func media(_ item: MediaItem) -> String { "/media/" + item.key }
    /// A static site has no uploaded files to link to: the list shows names only.
    public func upload(_ id: String) -> String? { nil }
    /// Only the preview server has a gallery, runs scenarios and resets a session.
    public var gallery: String? { nil }
    public func startScenario(_ scenario: String) -> String? { nil }
    public func startTestCase(_ number: Int) -> String? { nil }
    public var resetSession: String? { nil }
    public func map(_ instance: String) -> String? { nil }
    public func feel(_ instance: String?) -> String? { nil }
    public func testCase(_ instance: String) -> String? { nil }
    public func decision(_ id: String) -> String? { nil }
    /// On the server a server path is already right.
    public func sitePath(_ path: String) -> String { path }
}

extension PageLinks {
    /// `post` to the server; a static site, with nothing to post to, says `get`.
    public var formMethod: String { "post" }
}

extension PageLinks {
    /// The instance page showing the waiting task `task` (`tabs` navigation): `?tab=` on the
    /// instance's address.
    public func tab(_ instance: String, _ task: String) -> String {
        var query = ""
        for byte in task.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: "~"):
                query.unicodeScalars.append(UnicodeScalar(byte))
            default:
                query += "%" + (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)
            }
        }
        return self.instance(instance) + "?tab=" + query
    }
}

/// The process map a screen page shows beside its form: what it is of and the way taken.
public struct ScreenMap: Sendable {
    public let subject: MapSubject
    public let path: MapPath
    public init(subject: MapSubject, path: MapPath) { self.subject = subject; self.path = path }
}

/// What a page needs to know about the person looking at it.
public struct PageSettings: Sendable {
    public var language: String
    public var theme: String
    public var appearance: String
    /// The session's CSRF token, put in every form.
    public var csrf: String
    /// The device-width preview: one of `devices`.
    public var device: String
    public static let devices = ["full", "tablet", "phone"]
    /// Errors of the project files on disk, while the last version that loaded is shown.
    public var projectErrors: [String]
    /// Warnings of the loaded project (file, pointer, message): slips that do not stop it from
    /// running, shown on every page of the preview server so a designer sees them at once.
    public var projectWarnings: [String] = []
    /// The loaded project version, for the comfort script's live reload; nil in static pages.
    public var generation: Int?
    /// A shared link's view (`/shared/{token}`): every control disabled, a banner saying so.
    public var readOnly = false
    /// The session's setting "Show the process map beside the screen".
    public var showsMap = false
    /// The map a screen page shows below its form when `showsMap` is on; nil shows none.
    public var map: ScreenMap?

    public init(language: String, theme: String, appearance: String, csrf: String, device: String = "full", projectErrors: [String] = [],
                projectWarnings: [String] = [], generation: Int? = nil) {
        self.language = language
        self.theme = theme
        self.appearance = appearance
        self.csrf = csrf
        self.device = device
        self.projectErrors = projectErrors
        self.projectWarnings = projectWarnings
        self.generation = generation
    }
}
