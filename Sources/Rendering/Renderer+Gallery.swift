import Definitions
import Expressions
import Template

/// One component on the gallery's index page.
public struct GalleryEntry: Sendable {
    public let component: String
    public let url: String
    public let exampleCount: Int
    public init(component: String, url: String, exampleCount: Int) {
        self.component = component
        self.url = url
        self.exampleCount = exampleCount
    }
}

/// The component gallery's pages. A component's page is drawn by `screen(_:settings:)`
/// itself — the state comes from `ExampleScreens` — so it shows exactly what a screen shows.
extension Renderer {
    /// One component's examples, as a `single` page with one section and form per example.
    /// Forms lead back to `pageURL` with `get` and carry no CSRF token (nothing to protect,
    /// and a token must not land in a URL).
    public func galleryPage(_ state: ScreenState, pageURL: String, settings: PageSettings) -> [UInt8] {
        var copy = self
        copy.links = GalleryLinks(base: links, page: pageURL)
        copy.screenPlans = nil
        var settings = settings
        settings.csrf = ""
        return copy.screen(state, settings: settings)
    }

    /// The gallery's index: a link per component, and the examples files that did not load.
    public func galleryIndex(_ entries: [GalleryEntry], problems: [String], settings: PageSettings) -> [UInt8] {
        let ui = project.words.for(settings.language)
        let components: [TemplateValue] = entries.map { entry in
            .object(KeyedView([
                .name: .text(entry.component),
                .url: .text(entry.url),
                .count: .text(ui.format("galleryExamples", entry.exampleCount, 0)),
            ]))
        }
        let heading = ui["galleryTitle"]
        let content = KeyedView([
            .heading: .text(heading),
            .components: .list(components),
            .hasProblems: .bool(!problems.isEmpty),
            .problems: .list(problems.map(TemplateValue.text)),
            .ui: .object(ui),
        ])
        return page(title: "\(heading) – \(project.name)", hasErrors: false,
                    content: .embed(templates.page("gallery"), content), settings: settings, ui: ui)
    }

    /// The h1 of a component's gallery page ("input – component gallery").
    public func galleryPageTitle(_ component: String, language: String) -> String {
        project.words.for(language).named("galleryPage", component)
    }
}
