import Definitions
import Expressions
import Foundation
import Template

/// Plans of pages whose content is fixed for the loaded project: the component gallery's
/// index and pages, drawn from the examples files, not from an instance. Only the look is the
/// request's (`PageLookValues`); everything else, every component included, is written into
/// the plan, so such a page costs what its bytes cost to copy.
typealias FixedPagePlans = KeptResults<FixedPageKey, CompiledTemplate?>

/// A fixed page's plan key: the page, the language, and the day, since a gallery example may
/// show a date bound relative to today (a date picker's `min: "today"`).
struct FixedPageKey: Hashable, Sendable {
    let page: String
    let language: String
    let day: Int

    /// The server's local day, as a number: what "today" in a date bound means.
    static func today(_ now: Date = Date()) -> Int {
        Int(((now.timeIntervalSince1970 + Double(TimeZone.current.secondsFromGMT(for: now))) / 86_400).rounded(.down))
    }
}

/// What a fixed page asks per request: the session's look and the form token.
final class PageLookValues: TemplateContext {
    let settings: PageSettings
    let themeURL: String
    let generation: TemplateValue

    init(settings: PageSettings, themeURL: String, generation: TemplateValue) {
        self.settings = settings
        self.themeURL = themeURL
        self.generation = generation
    }

    /// Whether a request answers `key`: everything else is written into the plan.
    static func answers(_ key: TemplateKey) -> Bool {
        probe.value(for: key) != nil
    }

    private static let probe = PageLookValues(settings: PageSettings(language: "en", theme: "default", appearance: "auto", csrf: ""),
                                              themeURL: "", generation: .bool(false))

    func value(for key: TemplateKey) -> TemplateValue? {
        switch ViewKey(key) {
        case .appearance: .text(settings.appearance)
        case .device: .text(settings.device)
        case .generation: generation
        case .themeURL: .text(themeURL)
        case .csrf: .text(settings.csrf)
        default: nil
        }
    }
}

extension Renderer {
    /// A page whose content `page` builds the same way for every request with the same key
    /// (`FixedPagePlans`): printed from its plan, made from the first such page. A page with
    /// the project's problems, a map or a read-only banner is drawn as it is.
    func fixedPage(_ name: String, settings: PageSettings, page: () -> KeyedView) -> [UInt8] {
        guard settings.map == nil, !settings.readOnly, settings.projectErrors.isEmpty, settings.projectWarnings.isEmpty else {
            return render(page())
        }
        let key = FixedPageKey(page: name, language: settings.language, day: FixedPageKey.today())
        let plan: CompiledTemplate?
        switch fixedPlans.value(for: key) {
        case .some(let known):
            plan = known
        case .none:
            let root = page()
            plan = TemplateSpecializer.specialize(page: templates.page("page"), root: root,
                                                  isDynamic: PageLookValues.answers, partOf: { _ in nil })
            fixedPlans.keep(plan, for: key)
            if plan == nil { return render(root) }
        }
        guard let plan else { return render(page()) }
        var buffer = HTMLBuffer()
        plan.render(PageLookValues(settings: settings, themeURL: themeURL(settings), generation: generation(settings)), into: &buffer)
        return buffer.bytes
    }
}
