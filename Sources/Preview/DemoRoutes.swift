import Definitions
import FlowStageRuntime
import HTTP
import Rendering

/// What a stakeholder demo needs besides the screens (docs/reference/http.md): start with any
/// data, start a scenario at any step, and reset the demo without losing the page settings.
extension PreviewApp {
    /// `GET /processes/{name}/start`: the "Start with data" page, or the same page again with
    /// the refused text and why (422).
    func startWithDataPage(_ name: String, _ session: Session, text: String? = nil, error: String? = nil) -> Response {
        guard let process = project.process(named: name) else { return notFoundPage(session) }
        return html(error == nil ? 200 : 422, renderer.startWithData(process: process, text: text ?? "", error: error,
                                                                     settings: settings(session)))
    }

    /// `POST /scenarios/{name}/start` with `step` N: runs the scenario's steps 1 … N−1 in this
    /// session, with their data, and shows step N's screen. A step that no longer goes as
    /// written stops the walk there, and the page says which and why.
    func startScenario(_ name: String, _ request: Request, _ session: Session) -> Response {
        guard let scenario = scenarios.first(where: { $0.name == name }) else { return notFoundPage(session) }
        let step = request.form?.first("step").flatMap { Int($0) } ?? 1
        guard (1...max(1, scenario.steps.count)).contains(step) else {
            return errorPage(400, "scenarioStep", words(session).fill("errorPage.scenarioStepLead",
                                                                       ["count": "\(scenario.steps.count)"]), session)
        }
        let walk = ScenarioRunner(project: project).walk(scenario, engine: engine, session: session.id, language: session.language, steps: step - 1)
        guard let instance = walk.instance else {
            return errorPage(400, "startFailed", walk.report.failures.joined(separator: "; "), session)
        }
        guard let failure = walk.report.failures.first else { return Response.redirect(to: links.instance(instance.id)) }
        let notice = words(session).fill("scenarioStopped", ["name": scenario.name, "reason": failure])
        return page(for: instance, session, status: 200, notice: notice)
    }

    /// `POST /test-cases/{number}/start` with `step` N: runs the Camunda test case's instructions
    /// 1 … N−1 in this session (jobs answered as the case says) and shows where its instance is.
    func startTestCase(_ number: String, _ request: Request, _ session: Session) -> Response {
        guard let index = Int(number), testCases.indices.contains(index - 1) else { return notFoundPage(session) }
        let testCase = testCases[index - 1]
        let step = request.form?.first("step").flatMap { Int($0) } ?? 2
        guard (1...(testCase.instructions.count + 1)).contains(step) else {
            return errorPage(400, "scenarioStep", words(session).fill("errorPage.scenarioStepLead",
                                                                       ["count": "\(testCase.instructions.count + 1)"]), session)
        }
        let started = CamundaTestCaseRunner(project: project, language: session.language)
            .start(testCase, instructions: max(1, step - 1), store: engine.store, session: session.id)
        guard let instance = started.instance else {
            return errorPage(400, "startFailed", started.failure ?? words(session)["errorPage.notFoundLead"], session)
        }
        guard let failure = started.failure else { return Response.redirect(to: links.instance(instance.id)) }
        let notice = words(session).fill("scenarioStopped", ["name": testCase.name, "reason": failure])
        return page(for: instance, session, status: 200, notice: notice)
    }

    /// `POST /instances/{id}/restart` with `step` N (the inspector's "Restart from here"): a new
    /// instance replays the steps before N and shows step N's screen; the original stays. A
    /// step that no longer goes as it went stops the replay there, and the page says why.
    func restart(_ id: String, _ request: Request, _ session: Session) -> Response {
        let step = request.form?.first("step").flatMap { Int($0) } ?? 0
        let restarted: (instance: Instance, stop: ProcessEngine.RestartStop?)
        do {
            restarted = try engine.restart(id, session: session.id, at: step, language: session.language)
        } catch .instanceNotFound {
            return notFoundPage(session)
        } catch .cannotRestart {
            return errorPage(400, "restartStep", words(session).fill("errorPage.restartStepLead", ["number": "\(step)"]), session)
        } catch {
            return errorPage(503, "notSaved", error.description, session)
        }
        guard let stop = restarted.stop else { return Response.redirect(to: links.instance(restarted.instance.id)) }
        let notice = words(session).fill("restartStopped", ["number": "\(stop.step)", "reason": stop.reason])
        return page(for: restarted.instance, session, status: 200, notice: notice)
    }

    /// `POST /session/reset`: ends every instance and flow run of the session (and their files)
    /// but keeps the session, so language, theme, appearance and device stay as they were.
    func resetSession(_ session: Session) -> Response {
        do {
            try flows.forget(session: session.id)
        } catch {
            return errorPage(503, "sessionNotEnded", "\(error)", session)
        }
        return Response.redirect(to: links.home + "?reset=1")
    }
}
