import FlowStageRuntime
import HTTP

/// Read-only share links (docs/reference/http.md, "Sharing a screen"): the owner shares or stops
/// sharing from the inspector; anyone with the link sees the current screen, and can change nothing.
extension PreviewApp {
    /// `POST /instances/{id}/share`: 303 to the inspector, which shows the link.
    func share(_ id: String, _ session: Session) -> Response {
        changeSharing(id, session, engine.share(_:session:))
    }

    /// `POST /instances/{id}/unshare`: the link answers 404 from now on.
    func stopSharing(_ id: String, _ session: Session) -> Response {
        changeSharing(id, session, engine.stopSharing(_:session:))
    }

    private func changeSharing(_ id: String, _ session: Session,
                               _ change: (String, String) throws(RuntimeError) -> Instance) -> Response {
        do { _ = try change(id, session.id) } catch .instanceNotFound {
            return notFoundPage(session)
        } catch {
            return errorPage(409, "notSaved", error.description, session)
        }
        return Response.redirect(to: links.inspect(id) + "#sharing")
    }

    /// `GET /shared/{token}`: the shared instance's current screen (or end page) in the viewer's
    /// own settings, every control disabled. Its forms post to the owner's addresses, which
    /// answer 404 to any other session, so nothing can be changed through it.
    func sharedPage(_ token: String, _ session: Session) -> Response {
        guard let (id, secret) = ServerLinks.shareParts(token), let instance = engine.shared(id, secret: secret) else {
            return notFoundPage(session)
        }
        var response = page(for: instance, session, status: 200, notice: nil, readOnly: true)
        response.headers["Referrer-Policy"] = "no-referrer"   // the secret stays out of other sites' logs
        response.headers["X-Robots-Tag"] = "noindex"
        return response
    }
}
