import Definitions
import Template

/// The pages and catalogue parts of a stakeholder demo: "Start with data" and the scenarios
/// offered as bookmarks ("Start at step N").
extension Renderer {
    /// The "Start with data" page of a process: a JSON text area, with the declared parameters
    /// listed; `error` (and the refused `text`) when a post was refused.
    public func startWithData(process: ProcessDefinition, text typed: String, error: String?, settings: PageSettings) -> [UInt8] {
        let ui = project.words.for(settings.language)
        let title = text(process.title, settings.language) ?? process.name
        let heading = ui.named("startWithDataLabel", title)
        let params: [TemplateValue] = process.params.map { parameter in
            .object(KeyedView([
                .name: .text(parameter.key.description),
                .label: .text(text(parameter.label, settings.language) ?? parameter.key.description),
                .required: .bool(parameter.required),
            ]))
        }
        // The example names a real path (a parameter, else the first field), so it can be pasted and edited.
        let path = process.params.first?.key.description ?? process.nodes.lazy.compactMap { node in
            node.userTask?.screen.lazy.compactMap(\.key).first?.description
        }.first ?? "customer.name"
        let example = "{\"\(path)\": \"…\"}"
        let content = KeyedView([
            .heading: .text(heading),
            .error: .optional(error),
            .hasItems: .bool(!params.isEmpty),
            .params: .list(params),
            .hint: .text(ui.fill("startDataHint", ["example": example])),
            .text: .text(typed),
            .startURL: .text(links.start(process.name)),
            .homeURL: .text(links.home),
            .csrf: .text(settings.csrf),
            .ui: .object(ui),
        ])
        return page(title: "\(heading) – \(project.name)", hasErrors: error != nil,
                    content: .embed(templates.page("start-data"), content), settings: settings, ui: ui)
    }

    /// Each Camunda test case with a choice of the instruction to start before, for the catalogue
    /// beside the scenarios: its instance is created by its first instruction, so it starts before the second.
    func testCaseViews(_ testCases: [CamundaTestCase], settings: PageSettings, ui: Words) -> [TemplateValue] {
        testCases.enumerated().compactMap { number, testCase in
            guard let url = links.startTestCase(number + 1) else { return nil }
            let process = testCase.instructions.lazy.compactMap { instruction -> String? in
                if case .createProcessInstance(let process, _) = instruction.action { process } else { nil }
            }.first
            guard let process, let definition = project.process(named: process) else { return nil }
            let options: [TemplateValue] = (2...(testCase.instructions.count + 1)).map { step in
                let label = step > testCase.instructions.count ? ui["testCaseStepEnd"]
                    : ui.fill("testCaseStep", ["number": "\(step)", "type": testCase.instructions[step - 1].type])
                return .object(KeyedView([.value: .text("\(step)"), .label: .text(label), .selected: .bool(step == 2)]))
            }
            return .object(KeyedView([
                .title: .text(testCase.name),
                .subtitle: .text(ui.fill("testCaseSubtitle", ["process": text(definition.title, settings.language) ?? definition.name])),
                .id: .text("test-case-step-\(number + 1)"),
                .startURL: .text(url),
                .startLabel: .text(ui.named("startScenarioLabel", testCase.name)),
                .options: .list(options),
            ]))
        }
    }

    /// Each scenario with a choice of the step to start at, for the catalogue.
    func scenarioViews(_ scenarios: [Scenario], settings: PageSettings, ui: Words) -> [TemplateValue] {
        scenarios.compactMap { scenario in
            guard !scenario.steps.isEmpty, let url = links.startScenario(scenario.name),
                  let process = project.process(named: scenario.process) else { return nil }
            let processTitle = text(process.title, settings.language) ?? process.name
            let steps: [TemplateValue] = scenario.steps.indices.map { index in
                let step = scenario.steps[index]
                let number = "\(index + 1)"
                let label: String = switch step.expect {
                case .screen(let task)?:
                    ui.fill("scenarioStep", ["number": number,
                                             "screen": process.node(task)?.userTask.flatMap { text($0.title, settings.language) } ?? task])
                case .end?, .endPage?: ui.fill("scenarioStepEnd", ["number": number])
                case nil: ui.fill("scenarioStepNumber", ["number": number])
                }
                return .object(KeyedView([.value: .text("\(index + 1)"), .label: .text(label), .selected: .bool(index == 0)]))
            }
            return .object(KeyedView([
                .title: .text(scenario.name),
                .subtitle: .text(processTitle),
                .id: .text("scenario-step-" + HTMLID.sanitise(scenario.name)),
                .startURL: .text(url),
                .startLabel: .text(ui.named("startScenarioLabel", scenario.name)),
                .options: .list(steps),
            ]))
        }
    }
}
