import FlowStageRuntime
import Foundation
import HTTP
import Rendering

/// Optional access protection for demos shared beyond the laptop (docs/reference/http.md, "Sessions and
/// security"): with a password set, every request must carry it as a bearer token or carry
/// the access cookie the access page gives for it. Only `/healthz` (for load balancers) and
/// the CSS the access page itself needs are open.
///
/// Wrong passwords — typed into the access page or sent as bearer tokens — are counted per
/// client address (`PasswordGuesses`); once an address has used up its tries it gets 429
/// with `Retry-After` and no password from it is checked, right or wrong, until the wait is
/// over: answering a right one would let the guessing go on. A browser that already has the
/// access cookie is never asked again, and other addresses are not affected.
extension PreviewApp {
    static let accessCookie = "flowstage_access"

    /// Nil when the request may go on; otherwise the answer: the access page, or the redirect
    /// after a right password.
    func accessRefusal(_ request: Request) -> Response? {
        guard let password = configuration.accessPassword else { return nil }
        let path = request.path
        if path == "/healthz" || path.hasPrefix("/public/") || path.hasPrefix("/themes/") { return nil }
        if let cookie = request.cookies[PreviewApp.accessCookie], Secret.equal(cookie, configuration.accessSecret) { return nil }

        let guesses = configuration.passwordGuesses
        let address = request.remoteAddress
        let next = request.method == "POST" && path == "/access" ? Self.localPath(request.form?.first("next"))
            : request.method == "GET" ? Self.localPath(request.rawPath) : "/"
        if let wait = guesses.wait(for: address) { return tooManyGuesses(next: next, wait: wait) }

        if let authorization = request.headers["Authorization"], authorization.hasPrefix("Bearer ") {
            if Secret.equal(String(authorization.dropFirst("Bearer ".count)), password) { return nil }
            if let wait = guesses.failed(from: address) { return tooManyGuesses(next: next, wait: wait) }
        }
        if request.method == "POST", path == "/access" {
            let typed = request.form?.first("password") ?? ""
            if Secret.equal(typed, password) {
                var response = Response.redirect(to: next)
                response.setCookie(Cookies.setCookie(name: PreviewApp.accessCookie, value: configuration.accessSecret,
                                                     secure: configuration.secureCookies))
                return response
            }
            // An empty field is no guess: it says nothing about the password.
            if !typed.isEmpty, let wait = guesses.failed(from: address) { return tooManyGuesses(next: next, wait: wait) }
            return accessPage(next: next, problem: .wrongPassword)
        }
        return accessPage(next: next, problem: nil)
    }

    private func accessPage(next: String, problem: AccessProblem?) -> Response {
        var response = Response.html(401, renderer.access(next: next, problem: problem, language: project.defaultLanguage))
        response.headers["Cache-Control"] = "no-store"
        response.headers.add("WWW-Authenticate", "Bearer realm=\"FlowStage\"")
        return response
    }

    /// 429: the access page saying how long to wait, and `Retry-After` in seconds.
    private func tooManyGuesses(next: String, wait: Int) -> Response {
        var response = Response.html(429, renderer.access(next: next, problem: .tooManyGuesses(retryAfter: wait),
                                                          language: project.defaultLanguage))
        response.headers["Cache-Control"] = "no-store"
        response.headers["Retry-After"] = String(wait)
        return response
    }

    /// Only a path on this server is followed after the password: never `//host` or a full URL.
    static func localPath(_ candidate: String?) -> String {
        guard let candidate, candidate.hasPrefix("/"), !candidate.hasPrefix("//"), !candidate.contains("\\"),
              candidate.utf8.count <= 2_048, !candidate.contains(where: { $0.isNewline }) else { return "/" }
        return candidate
    }
}
