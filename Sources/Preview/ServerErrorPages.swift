import HTTP
import Rendering

/// The pages of the errors the server answers by itself, before a handler runs (a form over
/// its limit, a body it cannot read; docs/reference/http.md, "Limits"): in the project's
/// theme and words, in its default language, since no session has been read yet.
extension PreviewApp {
    public func serverErrorPage(_ error: ServerError) -> Response {
        let language = project.defaultLanguage
        let words = project.words.for(language)
        let limit: String = switch error.reason {
        case .tooManyFields: error.limit.map { words.number(Double($0)) } ?? ""
        default: error.limit.map(words.size) ?? ""
        }
        let key = "serverError." + error.reason.rawValue
        let settings = PageSettings(language: language, theme: project.theme, appearance: project.appearance.rawValue, csrf: "")
        let page = renderer.error(heading: words[key], message: words.fill(key + "Lead", ["limit": limit]), settings: settings)
        return secured(html(error.status, page))
    }
}

extension LivePreview {
    /// The current project's page for a server error (`ServerConfiguration.errorPage`).
    public func serverErrorPage(_ error: ServerError) -> Response {
        app.serverErrorPage(error)
    }
}
