import Audit
import Expressions
import FlowStageRuntime
import HTTP
import Rendering

/// The inspector and the JSON screen API: the same instance seen as data.
extension PreviewApp {
    /// Whether the client asked for JSON rather than a page (`Accept: application/json`, no `text/html`).
    /// Asked of every page view, so the header's bytes are searched by hand: Foundation's
    /// `contains` (through `NSString`) cost more than routing the request, and the standard
    /// library's generic `firstRange(of:)` more again.
    static func wantsJSON(_ request: Request) -> Bool {
        guard var accept = request.headers["Accept"] else { return false }
        return accept.withUTF8 { bytes in
            contains(bytes, "application/json") && !contains(bytes, "text/html")
        }
    }

    /// Whether `text` holds `word` (lowercase ASCII), ignoring ASCII case.
    private static func contains(_ text: UnsafeBufferPointer<UInt8>, _ word: StaticString) -> Bool {
        let count = word.utf8CodeUnitCount
        guard text.count >= count else { return false }
        return word.withUTF8Buffer { word in
            (0...(text.count - count)).contains { start in
                (0..<count).allSatisfy { offset in
                    let byte = text[start + offset]
                    return (byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte) == word[offset]
                }
            }
        }
    }

    /// The screen as JSON; a finished instance as its outcome; a waiting flow run as its child's id.
    func showJSON(_ id: String, _ session: Session) -> Response {
        if let instance = try? engine.instance(id, session: session.id) {
            if let state = engine.screen(instance, language: session.language) {
                return json(200, renderer.screenJSON(state))
            }
            return json(200, renderer.endJSON(instanceID: instance.id, process: instance.process, status: instance.status.rawValue,
                                              endNode: instance.endNode, incident: instance.incident?.message, data: instance.data))
        }
        guard let result = try? flows.resume(id, session: session.id, language: session.language), let run = result.run else {
            return json(404, ["error": .string(words(session)["errorPage.notFoundLead"])])
        }
        if let state = flows.screen(run, language: session.language) { return json(200, renderer.screenJSON(state)) }
        return json(200, ["instance": .string(run.id), "flow": .string(run.flow), "status": .string(run.status.rawValue),
                          "child": run.child.map { .string($0) } ?? .null,
                          "childURL": run.child.map { .string(links.instance($0)) } ?? .null])
    }

    func inspect(_ id: String, _ session: Session) -> Response {
        var inspection: Inspection
        if let instance = try? engine.instance(id, session: session.id) {
            inspection = Inspection(
                kind: .process, id: instance.id, name: instance.process, status: instance.status.rawValue,
                current: instance.current, history: instance.history,
                incident: instance.incident.map { "\($0.node): \($0.message)" },
                data: instance.data.serialized(pretty: true), warnings: instance.warnings,
                events: engine.recent.eventJSON(of: instance.id))
            inspection.steps = instance.steps.enumerated().map { offset, step in
                Inspection.Step(number: offset + 1, at: step.at, screen: step.screen, action: step.action,
                                fields: step.fields.filter { $0.last?.isEmpty == false }.map { $0.joined(separator: " = ") }
                                    + step.files.map { "\($0.field): \($0.name)" },
                                branches: step.branches.map { "\($0.from ?? "?") → \($0.to)" },
                                restartURL: instance.canRestart(at: offset + 1) ? links.restart(instance.id) : nil)
            }
            inspection.stepsDropped = instance.stepsDropped
            inspection.answers = instance.answers.map { ($0.task, $0.way.rawValue, $0.source) }
            inspection.decisions = instance.decisions.flatMap { record in
                record.decisions.map { decision in
                    Inspection.Decision(task: record.task, name: decision.name,
                                        inputs: decision.inputs.map { "\($0.label) = \($0.value)" },
                                        rules: decision.rules.map { rule in
                                            (rule.number, ([rule.inputEntries.joined(separator: ", ") + " → " + rule.outputEntries.joined(separator: ", ")]
                                                           + rule.annotations).joined(separator: " — "))
                                        },
                                        result: decision.result)
                }
            }
            inspection.sharing = Inspection.Sharing(shareURL: links.share(instance.id), stopURL: links.stopSharing(instance.id),
                                                    link: instance.shareSecret.map { links.shared(instance.id, secret: $0) })
            inspection.map = project.process(named: instance.process).map { Self.mapPath(of: instance, in: $0) }
            inspection.outline = Self.outline(page(for: instance, session, status: 200, notice: nil).body)
        } else if let run = try? flows.run(id, session: session.id) {
            inspection = Inspection(
                kind: .flow, id: run.id, name: run.flow, status: run.status.rawValue, current: run.currentState,
                history: run.backStack, incident: nil, data: run.data.serialized(pretty: true), warnings: run.warnings)
            inspection.map = Self.mapPath(of: run)
            // A run waiting on a called process has no screen of its own.
            inspection.outline = flows.screen(run, language: session.language).map { Self.outline(renderer.screen($0, settings: settings(session))) }
        } else {
            return notFoundPage(session)
        }
        return html(200, renderer.inspector(inspection, settings: settings(session)))
    }

    /// The screen-reader outline of a page rendered the normal way (the one the browser is shown).
    static func outline(_ page: [UInt8]) -> [Inspection.OutlineRow] {
        ScreenReaderOutline(html: String(decoding: page, as: UTF8.self)).items.map { item in
            Inspection.OutlineRow(role: item.role, level: item.level, name: item.name, value: item.value, states: item.states,
                                  description: item.description, error: item.error, landmarks: item.landmarks)
        }
    }

    /// "Save as test case": the instance's walk as a Camunda Process Test file, downloaded.
    func testCase(_ id: String, _ session: Session) -> Response {
        guard let instance = try? engine.instance(id, session: session.id) else {
            return json(404, ["error": .string(words(session)["errorPage.notFoundLead"])])
        }
        let recording = CamundaTestCaseRecorder(project: engine.project).record(instance, name: "\(instance.process): recorded walk")
        var response = json(200, recording.file)
        response.headers["Content-Disposition"] = "attachment; filename=\"\(instance.process.filter { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" })-test-case.json\""
        return response
    }

    private func json(_ status: Int, _ value: JSONValue) -> Response {
        var response = Response.json(status, Array(value.serialized(pretty: true).utf8))
        response.headers["Cache-Control"] = "no-store"
        return response
    }
}
