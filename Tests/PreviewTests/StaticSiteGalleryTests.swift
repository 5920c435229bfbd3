import Definitions
import Foundation
import Rendering
import Testing
import TestSupport
@testable import Preview

/// The component gallery in `flowstage render`: an index and one page per component in every
/// language and appearance folder, linked from the site's index, with relative links to
/// written files only, and forms that post nowhere.
@Suite struct StaticSiteGallery {
    struct Rendered: Sendable {
        let out: URL
        let pages: [String]
        let components: [String]
        let versions: [String]
    }

    struct RenderFailure: Error { let message: String }

    /// The example project rendered once, with the built-in gallery, for every test here.
    static let rendered: Result<Rendered, RenderFailure> = {
        do {
            let project = try ProjectLoader(builtInThemes: RepositoryPaths.themes).load(RepositoryPaths.examples).get()
            let scenarios = try ScenarioLoader.load(RepositoryPaths.examples, project: project).get()
            let templates = try TemplateSet(builtIn: RepositoryPaths.templates, project: RepositoryPaths.examples)
            let gallery = ComponentGallery.load(templates: RepositoryPaths.templates)
            let out = try RepositoryPaths.fixture([:])
            let pages = try StaticSite(project: project, templates: templates, publicFolder: RepositoryPaths.publicFolder,
                                       scenarios: scenarios, gallery: gallery, exploration: nil).write(to: out)
            let versions = project.languages.flatMap { language in StaticSite.appearances.map { "\(language)-\($0)" } }
            return .success(Rendered(out: out, pages: pages, components: gallery.components.map(\.component), versions: versions))
        } catch {
            return .failure(RenderFailure(message: "\(error)"))
        }
    }()

    func site() throws -> Rendered { try Self.rendered.get() }

    func parse(_ site: Rendered, _ path: String) throws -> HTMLElement {
        HTMLDocument.parse(try String(contentsOf: site.out.appendingPathComponent(path), encoding: .utf8))
    }

    func galleryPages(_ site: Rendered) -> [String] { site.pages.filter { $0.contains("/gallery/") } }

    @Test func theSiteIndexLinksToTheGalleryOfEveryLanguageAndAppearance() throws {
        let site = try site()
        let links = Set(try parse(site, "index.html").all("a").compactMap { $0["href"] })
        for version in site.versions {
            #expect(links.contains("\(version)/gallery/index.html"), "the index links to the \(version) gallery")
        }
    }

    @Test func theGalleryHasAnIndexAndOnePagePerComponentInEveryLanguageAndAppearance() throws {
        let site = try site()
        #expect(site.components.count == 20)
        #expect(galleryPages(site).count == (site.components.count + 1) * site.versions.count)
        for version in site.versions {
            let index = try parse(site, "\(version)/gallery/index.html")
            #expect(index.all("h1").count == 1)
            let links = Set(index.all("a").compactMap { $0["href"] })
            for component in site.components {
                #expect(site.pages.contains("\(version)/gallery/\(component).html"), "\(version) has a page for \(component)")
                #expect(links.contains("\(component).html"), "the \(version) gallery index links to \(component)")
            }
        }
        let romanianDark = try parse(site, "ro-dark/gallery/input.html")
        #expect(romanianDark.first("html")?["lang"] == "ro")
        #expect(romanianDark.first("html")?["data-appearance"] == "dark")
        #expect(romanianDark.all("link").contains { $0["href"] == "../../themes/default.css" }, "the project's theme, as the screens")
        #expect(romanianDark.all("input").contains { $0["aria-invalid"] == "true" }, "the error example shows its error")
    }

    @Test func everyLinkOfEveryGalleryPageLeadsToAWrittenFile() throws {
        let site = try site()
        for page in galleryPages(site) {
            let url = site.out.appendingPathComponent(page)
            let html = try parse(site, page)
            let targets = html.all("a").compactMap { $0["href"] } + html.all("link").compactMap { $0["href"] }
                + html.all("script").compactMap { $0["src"] } + html.all("img").compactMap { $0["src"] }
                + html.all("form").compactMap { $0["action"] } + html.all("button").compactMap { $0["formaction"] }
            for target in targets where !target.hasPrefix("#") && !target.contains(":") {
                #expect(!target.hasPrefix("/"), "\(page) links to \(target), which leaves the site when opened from disk")
                let path = String(target.split(separator: "#")[0].split(separator: "?")[0])
                let file = url.deletingLastPathComponent().appendingPathComponent(path).standardizedFileURL
                #expect(FileManager.default.fileExists(atPath: file.path), "\(page) links to \(target)")
            }
        }
    }

    @Test func galleryFormsLeadBackToTheirOwnPageWithGetAndCarryNoToken() throws {
        let site = try site()
        for page in galleryPages(site) where !page.hasSuffix("/index.html") {
            let html = try parse(site, page)
            let own = (page as NSString).lastPathComponent
            #expect(html.all("form").allSatisfy { $0["method"] == "get" && $0["action"] == own }, "\(page)")
            #expect(html.all("button").allSatisfy { $0["formaction"] == nil || $0["formaction"] == own }, "\(page)")
            #expect(html.all("input").allSatisfy { $0["name"] != "_csrf" || ($0["value"] ?? "").isEmpty }, "\(page)")
        }
    }

    @Test func theSampleImageIsCopiedAndLinkedRelativeToThePage() throws {
        let site = try site()
        let images = try parse(site, "en-light/gallery/image.html").all("img").compactMap { $0["src"] }
        #expect(!images.isEmpty)
        #expect(images.allSatisfy { $0 == "../../public/gallery-sample.svg" }, "\(images)")
        #expect(FileManager.default.fileExists(atPath: site.out.appendingPathComponent("public/gallery-sample.svg").path))
    }

    @Test func everyGalleryPagePassesTheAuditRules() throws {
        let site = try site()
        for page in galleryPages(site) {
            let html = try String(contentsOf: site.out.appendingPathComponent(page), encoding: .utf8)
            let violations = PageAudit.check(html: html)
            #expect(violations.isEmpty, "\(page): \(violations)")
        }
    }
}
