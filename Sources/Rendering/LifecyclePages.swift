import Definitions
import Foundation
import Template

/// What the inspector shows of an instance or a flow run (docs/reference/http.md, the inspector).
public struct Inspection: Sendable {
    public enum Kind: Sendable { case process, flow }
    public let kind: Kind
    public let id: String
    /// The process or flow name.
    public let name: String
    /// A status key: running, completed, failed, cancelled, waiting, stopped.
    public let status: String
    /// The waiting user task or the flow state.
    public let current: String?
    /// Oldest first: the process's history or the flow's back stack.
    public let history: [String]
    public let incident: String?
    /// The data as pretty JSON.
    public let data: String
    public let warnings: [String]
    /// The last analytics events, oldest first, one line each.
    public let events: [String]
    /// Where the read-only link is shared and stopped, and the link while shared; nil for flow runs.
    public var sharing: Sharing?
    /// The steps taken, oldest first, for a process instance; nil for a flow run (its back stack is `history`).
    public var steps: [Step]?
    /// Some older steps are no longer kept.
    public var stepsDropped = false
    /// The decisions business rule tasks evaluated, oldest first.
    public var decisions: [Decision] = []
    /// How each stand-in answered, oldest first: its task key, the way (`handler`, `mock`,
    /// `decision`, `example`, `person`, `skipped`) and the handler, mock file or decision.
    public var answers: [(task: String, way: String, source: String?)] = []

    /// One decision evaluated: what it read, the rules that matched and its result.
    public struct Decision: Sendable {
        /// The task key of the business rule task.
        public let task: String
        public let name: String
        /// `label = value` per input.
        public let inputs: [String]
        /// Per matched rule: its number, then its entries, outputs and annotations.
        public let rules: [(number: Int, text: String)]
        public let result: String
        public init(task: String, name: String, inputs: [String], rules: [(number: Int, text: String)], result: String) {
            self.task = task; self.name = name; self.inputs = inputs; self.rules = rules; self.result = result
        }
    }

    /// One step of the history, as the runtime recorded it.
    public struct Step: Sendable {
        public let number: Int
        public let at: Date
        /// The task key of the screen it was taken on.
        public let screen: String
        /// The action's name; `back` for Back.
        public let action: String
        /// `name = value` per posted field, and `name: file name` per posted file.
        public let fields: [String]
        /// `gateway → node` per branch chosen.
        public let branches: [String]
        /// Where "Restart from here" posts (with `step`); nil when the step cannot be replayed to.
        public let restartURL: String?
        public init(number: Int, at: Date, screen: String, action: String, fields: [String], branches: [String], restartURL: String?) {
            self.number = number; self.at = at; self.screen = screen; self.action = action
            self.fields = fields; self.branches = branches; self.restartURL = restartURL
        }
    }
    /// The way the instance or run went, for its process map; nil shows no map.
    public var map: MapPath?
    /// What a screen reader announces on the current screen, in reading order (the Audit
    /// target computes it from the rendered page); nil when there is no screen to show.
    public var outline: [OutlineRow]?

    /// One landmark, heading, group or control of the outline. Roles and states are the
    /// WAI-ARIA tokens (`textbox`, `required`), which screen readers word in each language.
    public struct OutlineRow: Sendable {
        public let role: String
        /// A heading's level.
        public let level: Int?
        public let name: String
        public let value: String
        public let states: [String]
        public let description: String
        public let error: String
        /// The landmarks it is in, outermost first.
        public let landmarks: [String]
        public init(role: String, level: Int?, name: String, value: String, states: [String], description: String,
                    error: String, landmarks: [String]) {
            self.role = role; self.level = level; self.name = name; self.value = value; self.states = states
            self.description = description; self.error = error; self.landmarks = landmarks
        }
    }

    public struct Sharing: Sendable {
        public let shareURL: String
        public let stopURL: String
        public let link: String?
        public init(shareURL: String, stopURL: String, link: String?) {
            self.shareURL = shareURL; self.stopURL = stopURL; self.link = link
        }
    }

    public init(kind: Kind, id: String, name: String, status: String, current: String?, history: [String],
                incident: String?, data: String, warnings: [String], events: [String] = []) {
        self.kind = kind; self.id = id; self.name = name; self.status = status; self.current = current
        self.history = history; self.incident = incident; self.data = data; self.warnings = warnings; self.events = events
    }
}

extension Renderer {
    /// The confirmation a modal process's Close leads to (docs/reference/processes.md, "Navigation": modal processes): confirming stops it.
    public func closeConfirmation(instanceID: String, process: ProcessDefinition, settings: PageSettings) -> [UInt8] {
        let ui = project.words.for(settings.language)
        let heading = ui.named("closeTitle", text(process.title, settings.language) ?? process.name)
        let content = KeyedView([
            .heading: .text(heading),
            .stopURL: .text(links.stop(instanceID)),
            .instanceURL: .text(links.instance(instanceID)),
            .csrf: .text(settings.csrf),
            .ui: .object(ui),
        ])
        return page(title: "\(heading) – \(project.name)", hasErrors: false,
                    content: .embed(templates.page("close"), content), settings: settings, ui: ui)
    }

    /// The inspector: where an instance or run is, its data, history and warnings, for designers.
    public func inspector(_ inspection: Inspection, settings: PageSettings) -> [UInt8] {
        let ui = project.words.for(settings.language)
        let title: String = switch inspection.kind {
        case .process: project.process(named: inspection.name).flatMap { text($0.title, settings.language) } ?? inspection.name
        case .flow: project.flow(named: inspection.name).flatMap { text($0.title, settings.language) } ?? inspection.name
        }
        func row(_ label: String, _ value: String) -> TemplateValue {
            .object(KeyedView([.label: .text(label), .value: .text(value)]))
        }
        var rows = [
            row(ui["inspectorKind"], ui.named(inspection.kind == .process ? "inspectorKindProcess" : "inspectorKindFlow", inspection.name)),
            row(ui["inspectorID"], inspection.id),
            row(ui["inspectorStatus"], ui["status." + inspection.status]),
            row(ui["inspectorCurrent"], inspection.current ?? ui["inspectorNone"]),
        ]
        if let incident = inspection.incident { rows.append(row(ui["inspectorIncident"], incident)) }
        func list(_ entries: [String]) -> TemplateValue {
            entries.isEmpty ? .bool(false) : .object(KeyedView([.entries: .list(entries.map(TemplateValue.text))]))
        }
        let heading = "\(ui["inspector"]): \(title)"
        let subject: MapSubject? = switch inspection.kind {
        case .process: project.process(named: inspection.name).map(MapSubject.process)
        case .flow: project.flow(named: inspection.name).map(MapSubject.flow)
        }
        var map = TemplateValue.bool(false)
        if let subject, let path = inspection.map {
            map = mapValue(processMap(subject, path: path, language: settings.language), id: "fs-map", ui: ui)
        }
        let content = KeyedView([
            .heading: .text(heading),
            .rows: .list(rows),
            .history: inspection.steps == nil ? list(inspection.history) : .bool(false),
            .steps: inspection.steps.map { steps in
                .object(KeyedView([.entries: .list(steps.map { stepView($0, inspection, settings: settings, ui: ui) }),
                                       .dropped: .bool(inspection.stepsDropped), .hasItems: .bool(!steps.isEmpty)]))
            } ?? .bool(false),
            .data: .text(inspection.data),
            .warnings: list(inspection.warnings),
            .decisions: inspection.decisions.isEmpty ? .bool(false) : .object(KeyedView([.entries: .list(inspection.decisions.map { decision in
                .object(KeyedView([
                    .screen: .text(decision.task), .name: .text(decision.name), .inputs: .list(decision.inputs.map(TemplateValue.text)),
                    .rules: .list(decision.rules.map { .text(ui.fill("inspectorDecisionRule", ["number": "\($0.number)"]) + ": " + $0.text) }),
                    .result: .text(decision.result),
                ]))
            })])),
            .answers: list(inspection.answers.map { answer in
                ui.fill("inspectorAnswer" + answer.way.prefix(1).uppercased() + answer.way.dropFirst(), ["task": answer.task, "source": answer.source ?? ""])
            }),
            .events: list(inspection.events),
            .screenURL: .text(links.instance(inspection.id)),
            .csrf: .text(settings.csrf),
            .map: map,
            .mapURL: inspection.map == nil ? .bool(false) : .optional(links.map(inspection.id)),
            .feelURL: inspection.kind == .process ? .optional(links.feel(inspection.id)) : .bool(false),
            .testCaseURL: inspection.kind == .process ? .optional(links.testCase(inspection.id)) : .bool(false),
            .sharing: inspection.sharing.map { sharing in
                .object(KeyedView([.shareURL: .text(sharing.shareURL), .stopURL: .text(sharing.stopURL),
                                       .url: .optional(sharing.link)]))
            } ?? .bool(false),
            .outline: outlineValue(inspection.outline, ui: ui),
            .ui: .object(ui),
        ])
        return page(title: "\(heading) – \(project.name)", hasErrors: false,
                    content: .embed(templates.page("inspector"), content), settings: settings, ui: ui)
    }

    /// One row of the inspector's history: the screen by its title in the page's language.
    private func stepView(_ step: Inspection.Step, _ inspection: Inspection, settings: PageSettings, ui: Words) -> TemplateValue {
        let process = project.process(named: inspection.name)
        let screen = process?.node(step.screen)?.userTask.flatMap { text($0.title, settings.language) ?? text($0.step, settings.language) }
        return .object(KeyedView([
            .number: .text("\(step.number)"),
            .time: .text(ui.dateTime(step.at)),
            .screen: .text(screen.map { "\($0) (\(step.screen))" } ?? step.screen),
            .action: .text(step.action == "back" ? ui["inspectorStepBack"] : step.action),
            .fields: .list(step.fields.map(TemplateValue.text)),
            .branches: .list(step.branches.map(TemplateValue.text)),
            .restartURL: .optional(step.restartURL),
            .restartLabel: .text(ui.fill("inspectorRestartLabel", ["number": "\(step.number)"])),
        ]))
    }

    /// The inspector's screen-reader outline section (`partials/screen-reader-outline`): its rows,
    /// or an empty list (the section says there is no screen).
    private func outlineValue(_ outline: [Inspection.OutlineRow]?, ui: Words) -> TemplateValue {
        let rows: [TemplateValue] = (outline ?? []).enumerated().map { number, row in
            let role = row.level.map { "\(row.role), " + ui.fill("inspectorOutlineLevel", ["x": String($0)]) } ?? row.role
            return .object(KeyedView([
                .count: .number(Double(number + 1)), .role: .text(role), .name: .text(row.name), .value: .text(row.value),
                .states: .text(row.states.joined(separator: ", ")), .hint: .text(row.description), .error: .text(row.error),
                .landmarks: .text(row.landmarks.joined(separator: " › ")),
            ]))
        }
        return .object(KeyedView([.rows: .list(rows), .hasItems: .bool(!rows.isEmpty)]))
    }

    /// The access page of a password-protected preview; it posts to `/access` and then goes on
    /// to `next`. A problem is shown in the error summary and at the field.
    public func access(next: String, problem: AccessProblem?, language: String) -> [UInt8] {
        let ui = project.words.for(language)
        let message: String? = switch problem {
        case nil: nil
        case .wrongPassword: ui["accessWrong"]
        case .tooManyGuesses(let seconds):
            seconds <= 60 ? ui["accessTooManyOneMinute"]
                : ui.fill("accessTooMany", ["minutes": String((seconds + 59) / 60)])
        }
        let content = KeyedView([
            .wrong: .bool(message != nil), .error: .text(message ?? ""), .next: .text(next),
            .actionURL: .text(links.access), .ui: .object(ui),
        ])
        let settings = PageSettings(language: language, theme: project.theme, appearance: project.appearance.rawValue, csrf: "")
        return page(title: "\(ui["accessTitle"]) – \(project.name)", hasErrors: message != nil,
                    content: .embed(templates.page("access"), content), settings: settings, ui: ui)
    }
}

/// What went wrong on the access page.
public enum AccessProblem: Sendable, Equatable {
    case wrongPassword
    /// Too many wrong passwords from the client's address: it may try again after this many seconds.
    case tooManyGuesses(retryAfter: Int)
}

/// The index of a static site (`flowstage render`): per language and appearance, each walk's pages in order.
public struct SiteIndexVersion: Sendable {
    public let language: String
    public let appearance: String
    public let walks: [SiteIndexWalk]
    /// This version's component-gallery index, relative to the site's root; nil without a gallery.
    public let gallery: String?
    public init(language: String, appearance: String, walks: [SiteIndexWalk], gallery: String? = nil) {
        self.language = language; self.appearance = appearance; self.walks = walks; self.gallery = gallery
    }
}

public struct SiteIndexWalk: Sendable {
    public let title: String
    public let pages: [SiteIndexPage]
    public init(title: String, pages: [SiteIndexPage]) { self.title = title; self.pages = pages }
}

public struct SiteIndexPage: Sendable {
    /// Relative to the site's root.
    public let url: String
    public let title: String
    public let hasErrors: Bool
    public init(url: String, title: String, hasErrors: Bool) { self.url = url; self.title = title; self.hasErrors = hasErrors }
}

extension Renderer {
    public func siteIndex(_ versions: [SiteIndexVersion], settings: PageSettings) -> [UInt8] {
        let ui = project.words.for(settings.language)
        let versionViews: [TemplateValue] = versions.map { version in
            let walks: [TemplateValue] = version.walks.map { walk in
                let pages: [TemplateValue] = walk.pages.enumerated().map { index, page in
                    .object(KeyedView([.url: .text(page.url),
                                           .title: .text("\(index + 1). \(page.title)\(page.hasErrors ? " — \(ui["siteWithErrors"])" : "")")]))
                }
                return .object(KeyedView([.title: .text(walk.title), .pages: .list(pages)]))
            }
            let title = "\(Words.languageName(version.language)) — \(ui["appearance." + version.appearance])"
            return .object(KeyedView([.title: .text(title), .walks: .list(walks), .galleryURL: .optional(version.gallery)]))
        }
        let content = KeyedView([
            .heading: .text(project.name), .lead: .text(ui["siteLead"]), .versions: .list(versionViews), .ui: .object(ui),
        ])
        return page(title: project.name, hasErrors: false, content: .embed(templates.page("site-index"), content),
                    settings: settings, ui: ui)
    }
}
