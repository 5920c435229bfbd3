import Foundation
import HTTP
import Rendering

/// Optional access protection for demos shared beyond the laptop (http.md, "Sessions and
/// security"): with a password set, every request must carry it as a bearer token or carry
/// the access cookie the access page gives for it. Only `/healthz` (for load balancers) and
/// the CSS the access page itself needs are open.
extension PreviewApp {
    static let accessCookie = "flowstage_access"

    /// Nil when the request may go on; otherwise the answer: the access page, or the redirect
    /// after a right password.
    func accessRefusal(_ request: Request) -> Response? {
        guard let password = configuration.accessPassword else { return nil }
        let path = request.path
        if path == "/healthz" || path.hasPrefix("/public/") || path.hasPrefix("/themes/") { return nil }
        if let authorization = request.headers["Authorization"], authorization.hasPrefix("Bearer "),
           Token.equal(String(authorization.dropFirst("Bearer ".count)), password) { return nil }
        if let cookie = request.cookies[PreviewApp.accessCookie], Token.equal(cookie, configuration.accessToken) { return nil }

        if request.method == "POST", path == "/access" {
            let next = Self.localPath(request.form?.first("next"))
            if let typed = request.form?.first("password"), Token.equal(typed, password) {
                var response = Response.redirect(to: next)
                response.setCookie(Cookies.setCookie(name: PreviewApp.accessCookie, value: configuration.accessToken,
                                                     secure: configuration.secureCookies))
                return response
            }
            return accessPage(next: next, wrong: true)
        }
        return accessPage(next: request.method == "GET" ? Self.localPath(request.rawPath) : "/", wrong: false)
    }

    private func accessPage(next: String, wrong: Bool) -> Response {
        var response = Response.html(401, renderer.access(next: next, wrongPassword: wrong, language: project.defaultLanguage))
        response.headers["Cache-Control"] = "no-store"
        response.headers.add("WWW-Authenticate", "Bearer realm=\"FlowStage\"")
        return response
    }

    /// Only a path on this server is followed after the password: never `//host` or a full URL.
    static func localPath(_ candidate: String?) -> String {
        guard let candidate, candidate.hasPrefix("/"), !candidate.hasPrefix("//"), !candidate.contains("\\"),
              candidate.utf8.count <= 2_048, !candidate.contains(where: { $0.isNewline }) else { return "/" }
        return candidate
    }
}
