import Definitions
import FlowStageRuntime
import Foundation
import HTTP
import Rendering

/// The component gallery (`GET /gallery`, `GET /gallery/{component}`): every component in
/// every state its examples file gives, in the session's theme, appearance, language and
/// device width. Read-only: its forms lead back to the page with `get`.
extension PreviewApp {
    func galleryIndex(_ session: Session) -> Response {
        let entries = gallery.components.map {
            GalleryEntry(component: $0.component, url: "/gallery/" + Percent.encode($0.component), exampleCount: $0.examples.count)
        }
        return html(200, renderer.galleryIndex(entries, problems: gallery.errors.map(\.description), settings: settings(session)))
    }

    func galleryPage(_ component: String, _ session: Session) -> Response {
        guard let examples = gallery.examples(of: component) else { return notFoundPage(session) }
        return html(200, renderer.galleryPage(pageURL: "/gallery/" + Percent.encode(component), settings: settings(session)) {
            ExampleScreens.page(examples, title: renderer.galleryPageTitle(component, language: session.language),
                                language: session.language)
        })
    }
}
