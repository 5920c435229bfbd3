import FlowStageRuntime
import Foundation
import HTTP
import Rendering

/// Continue the latest, stop, close a modal, end the session (docs/reference/http.md).
extension PreviewApp {
    /// 303 to the session's newest running instance of the process, else the catalogue with a message.
    func latest(_ process: String, _ session: Session) -> Response {
        guard let definition = project.process(named: process) else { return notFoundPage(session) }
        if let instance = try? engine.latest(process: process, session: session.id) {
            return Response.redirect(to: links.instance(instance.id))
        }
        let ui = project.words.for(session.language)
        let title = definition.title?.resolve(project.tags, language: session.language, data: .null) ?? process
        return catalogue(session, notice: ui.named("noLatest", title.isEmpty ? process : title))
    }

    /// Stops an instance or a flow run, then shows the catalogue (or, for a process a flow
    /// launched, the flow again, which moves on with the `cancelled` event).
    func stop(_ id: String, _ session: Session) -> Response {
        do {
            let stopped = try engine.stop(id, session: session.id)
            if let result = try? flows.childEnded(stopped, language: session.language), let run = result.run {
                return flowRedirect(run)
            }
            // Closing a process a `startProcess` action started returns to its starter.
            if let parent = stopped.parent, (try? engine.instance(parent, session: session.id)) != nil {
                return Response.redirect(to: links.instance(parent))
            }
        } catch .instanceNotFound {
            do { _ = try flows.stop(id, session: session.id) } catch .runNotFound {
                return notFoundPage(session)
            } catch {
                return errorPage(409, "notStopped", error.description, session)
            }
        } catch {
            return errorPage(409, "notStopped", error.description, session)
        }
        return Response.redirect(to: links.home + "?stopped=" + Percent.encode(id))
    }

    /// The confirmation page of a modal process's Close button.
    func closePage(_ id: String, _ session: Session) -> Response {
        guard let instance = try? engine.instance(id, session: session.id), instance.modal,
              let process = project.process(named: instance.process) else { return notFoundPage(session) }
        guard instance.status == .running else { return Response.redirect(to: links.instance(id)) }
        return html(200, renderer.closeConfirmation(instanceID: id, process: process, settings: settings(session)))
    }

    /// Stops and forgets everything of the session, and the session itself.
    func endSession(_ session: Session) -> Response {
        do {
            try forget(session: session.id)
        } catch {
            return errorPage(503, "sessionNotEnded", "\(error)", session)
        }
        return Response.redirect(to: links.home + "?ended=1")
    }

    /// Everything of a session — its flow runs, its instances and their uploaded files — and
    /// the session itself: what "End session" deletes, and what the sweep deletes of an expired one.
    func forget(session id: String) throws {
        try flows.forget(session: id)
        try sessions.remove(id)
    }

    /// Ends every stored session not seen for longer than the idle timeout, as "End session"
    /// would; returns how many. A failure is logged and stops this sweep; the next one tries again.
    @discardableResult
    public func sweepExpiredSessions() -> Int {
        let batchSize = 500
        var ended = 0
        while true {
            let batch: [String]
            do { batch = try sessions.expired(limit: batchSize) } catch {
                logger.error("expired sessions could not be listed: \(error)")
                return ended
            }
            for id in batch {
                do { try forget(session: id) } catch {
                    logger.error("an expired session could not be ended (the next sweep tries again): \(error)")
                    return ended
                }
                ended += 1
            }
            if batch.count < batchSize { return ended }
        }
    }

    /// The catalogue's message after a redirect: only about things this session really did.
    func catalogueNotice(_ request: Request, _ session: Session) -> String? {
        let ui = project.words.for(session.language)
        for item in request.query {
            switch item.name {
            case "ended": return ui["sessionEnded"]
            case "reset": return ui["demoReset"]
            case "stopped":
                if let instance = try? engine.instance(item.value, session: session.id) {
                    return ui.named("stopped", title(process: instance.process, session))
                }
                if let run = try? flows.run(item.value, session: session.id) {
                    return ui.named("stopped", title(flow: run.flow, session))
                }
            default: continue
            }
        }
        return nil
    }

    func title(process name: String, _ session: Session) -> String {
        let title = project.process(named: name)?.title?.resolve(project.tags, language: session.language, data: .null) ?? ""
        return title.isEmpty ? name : title
    }

    func title(flow name: String, _ session: Session) -> String {
        let title = project.flow(named: name)?.title?.resolve(project.tags, language: session.language, data: .null) ?? ""
        return title.isEmpty ? name : title
    }
}
