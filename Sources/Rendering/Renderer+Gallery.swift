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

/// The component gallery's pages. A component's page is drawn by `screenPage` itself — the
/// state comes from `ExampleScreens` — so it shows exactly what a screen shows. Both are fixed
/// for the loaded project: printed from plans (`fixedPage`), their states built only to plan.
extension Renderer {
    /// One component's examples, as a `single` page with one section and form per example
    /// (`state` builds them). Forms lead back to `pageURL` with `get` and carry no CSRF token
    /// (nothing to protect, and a token must not land in a URL).
    public func galleryPage(pageURL: String, settings: PageSettings, state: () -> ScreenState) -> [UInt8] {
        var copy = self
        copy.links = GalleryLinks(base: links, page: pageURL)
        var settings = settings
        settings.csrf = ""
        let gallery = copy
        return fixedPage(pageURL, settings: settings) {
            gallery.screenPage(state(), settings: settings, ui: project.words.for(settings.language), languageIndex: -1,
                               recordingParts: false).page
        }
    }

    /// The gallery's index: a link per component, and the examples files that did not load;
    /// the same for every call on one renderer (its project's gallery, its links).
    public func galleryIndex(_ entries: [GalleryEntry], problems: [String], settings: PageSettings) -> [UInt8] {
        fixedPage("gallery index", settings: settings) {
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
            return pageContext(title: "\(heading) – \(project.name)", hasErrors: false,
                               content: .embed(templates.page("gallery"), content), settings: settings, ui: ui)
        }
    }

    /// The h1 of a component's gallery page ("input – component gallery").
    public func galleryPageTitle(_ component: String, language: String) -> String {
        project.words.for(language).named("galleryPage", component)
    }
}
