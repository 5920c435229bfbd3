import Definitions
import FlowStageRuntime
import Foundation
import Rendering

/// The component gallery of a static site: the server's `/gallery` and `/gallery/{component}`
/// written once per language and appearance folder, like the screens, so a review pack shows
/// every component in the same look as the walks beside it.
///
/// Pages sit at `<language>-<appearance>/gallery/index.html` and `…/gallery/<component>.html`,
/// two folders deep like a walk's pages, so the screens' relative links (`../../public/…`)
/// serve them unchanged. Every form and button of an example leads back to its own page with
/// `get` (`GalleryLinks`): opened from disk or from a static host, trying an example reloads
/// the page and posts nowhere.
extension StaticSite {
    /// The folder of a version's gallery, e.g. `en-dark/gallery/`.
    static func galleryFolder(_ version: String) -> String { "\(version)/gallery/" }

    /// A component's page, relative to its gallery folder: `input.html`.
    static func galleryFile(_ component: String) -> String { safe(component) + ".html" }

    /// The gallery index of a version relative to the site (`en-dark/gallery/index.html`); nil
    /// when the site has no gallery.
    func galleryIndexPath(version: String) -> String? {
        gallery.components.isEmpty ? nil : Self.galleryFolder(version) + "index.html"
    }

    /// How many gallery pages `forEachGalleryPage` visits: an index and one page per
    /// component, per language and appearance.
    var galleryPageCount: Int {
        gallery.components.isEmpty ? 0 : (gallery.components.count + 1) * project.languages.count * Self.appearances.count
    }

    /// Every gallery page in order (language, appearance, index, components), rendered with the
    /// project's theme like the screens. Nothing is visited when the gallery has no components.
    public func forEachGalleryPage(_ visit: (GallerySitePage) throws -> Void) rethrows {
        guard !gallery.components.isEmpty else { return }
        // Gallery links replace every instance link by the page itself, so one renderer serves
        // all pages; only the site-wide links (stylesheet, home) come from here.
        let renderer = Renderer(project: project, templates: templates,
                                links: StaticSiteLinks(root: "../../", forward: "index.html", previous: "index.html"))
        let entries = gallery.components.map {
            GalleryEntry(component: $0.component, url: Self.galleryFile($0.component), exampleCount: $0.examples.count)
        }
        let problems = gallery.errors.map(\.description)
        for language in project.languages {
            for appearance in Self.appearances {
                let version = Self.version(language, appearance)
                let folder = Self.galleryFolder(version)
                let settings = PageSettings(language: language, theme: project.theme, appearance: appearance, csrf: "")
                try visit(GallerySitePage(path: folder + "index.html", version: version, language: language,
                                          appearance: appearance, component: nil, title: project.words.for(language)["galleryTitle"],
                                          html: renderer.galleryIndex(entries, problems: problems, settings: settings)))
                for examples in gallery.components {
                    let file = Self.galleryFile(examples.component)
                    let title = renderer.galleryPageTitle(examples.component, language: language)
                    let html = renderer.galleryPage(pageURL: file, settings: settings) {
                        ExampleScreens.page(examples, title: title, language: language)
                    }
                    try visit(GallerySitePage(path: folder + file, version: version, language: language, appearance: appearance,
                                              component: examples.component, title: title, html: html))
                }
            }
        }
    }
}

/// One written page of a static site's component gallery.
public struct GallerySitePage: Sendable {
    /// Relative to the site: `en-dark/gallery/input.html`.
    public let path: String
    /// Its language-and-appearance folder, e.g. `en-dark`.
    public let version: String
    public let language: String
    public let appearance: String
    /// The component the page shows; nil for the gallery's index.
    public let component: String?
    /// The page's h1.
    public let title: String
    public let html: [UInt8]
}
