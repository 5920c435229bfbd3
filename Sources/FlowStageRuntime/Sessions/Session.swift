import Foundation

/// A browser session: who owns which instances and flow runs, the CSRF token its forms carry,
/// and its display settings. Stored like instances, so a restart keeps a browser's work.
public struct Session: Sendable, Codable, Equatable {
    public let id: String
    public let csrf: String
    public var language: String
    public var theme: String
    public var appearance: String
    /// The device-width preview: "phone" or "tablet"; nil shows the page at the window's width.
    public var device: String?
    /// "Show the process map beside the screen" (a demo setting); nil, as in sessions stored before, is off.
    public var showsMap: Bool?
    /// The display settings the person chose in the catalogue (`Setting` raw values) rather than
    /// took from project.json; nil (as in sessions stored before) means none. The others follow
    /// project.json from page to page, so a change to its `theme`, `languages` or `appearance`
    /// reaches open sessions on their next page.
    public var chosen: Set<String>?
    public var version: Int
    public var createdAt: Date
    /// The last time the session was seen, as the store knows it: written when it is first
    /// kept, when its settings change, and at most every few minutes while it is in use
    /// (`SessionStore`). A session not seen for the idle timeout has expired.
    public var updatedAt: Date

    public init(id: String, csrf: String, language: String, theme: String, appearance: String, device: String? = nil, now: Date) {
        self.id = id; self.csrf = csrf; self.language = language; self.theme = theme
        self.appearance = appearance; self.device = device; self.version = 0; self.createdAt = now; self.updatedAt = now
    }

    /// A display setting a person may choose in the catalogue instead of taking the project's.
    public enum Setting: String, Sendable, CaseIterable {
        case language, theme, appearance
    }

    public func hasChosen(_ setting: Setting) -> Bool { chosen?.contains(setting.rawValue) == true }

    /// Marks a setting as chosen by the person, or as following the project again.
    public mutating func setChosen(_ setting: Setting, _ isChosen: Bool) {
        var set = chosen ?? []
        if isChosen { set.insert(setting.rawValue) } else { set.remove(setting.rawValue) }
        chosen = set.isEmpty ? nil : set
    }
}
