import Definitions
import Template

/// The decision page (`decision.mustache`): the fields as form controls, the error summary of
/// texts that did not convert, the result and every decision the evaluation went through.
extension Renderer {
    public func decisionPage(_ decision: DecisionPage, settings: PageSettings) -> [UInt8] {
        let ui = project.words.for(settings.language)
        var ids = FieldIDs()
        var summary: [TemplateValue] = []
        let fields: [TemplateValue] = decision.fields.map { field in
            let view = fieldView(field, ids: &ids, ui: ui)
            if let error = view.error { summary.append(.object(KeyedView([.fieldID: .text(view.target), .text: .text(error)]))) }
            return .object(view.view)
        }
        var outcome: [(key: ViewKey, value: TemplateValue)] = []
        switch decision.outcome {
        case .value(let literal, let type, let decisions, let warnings)?:
            let steps = decisions.enumerated().map { index, evaluated in
                TemplateValue.object(evaluatedView(evaluated, index: index, ui: ui))
            }
            outcome.append((.result, .object(KeyedView([
                .value: .text(literal), .type: .text(type),
                .warnings: warnings.isEmpty ? .bool(false) : .object(KeyedView([.items: .list(warnings.map(TemplateValue.text))])),
                .decisions: .list(steps),
            ]))))
        case .failed(let message)?:
            outcome.append((.actionError, .text(ui.fill("decisionFailed", ["message": message]))))
        case nil:
            if let logic = decision.logic {
                outcome.append((.content, .object(logicView(logic, prefix: "decision-logic", name: decision.name, ui: ui))))
            }
        }
        let content = KeyedView([
            (.heading, .text(decision.name)),
            (.subtitle, .text(ui.fill("decisionInFile", ["file": decision.file]))),
            (.lead, .optional(decision.question)),
            (.errors, summary.isEmpty ? .bool(false) : .object(KeyedView([.items: .list(summary)]))),
            (.fields, .list(fields)),
            (.hasItems, .bool(!decision.fields.isEmpty)),
            (.computed, decision.computed.isEmpty ? .bool(false) : .object(KeyedView([.items: .list(decision.computed.map(TemplateValue.text))]))),
            (.formAction, .text(links.decision(decision.id) ?? links.home)),
            (.homeURL, .text(links.home)),
            (.ui, .object(ui)),
        ] + outcome)
        return page(title: "\(decision.name) – \(project.name)", hasErrors: !summary.isEmpty,
                    content: .embed(templates.page("decision"), content), settings: settings, ui: ui)
    }

    /// One field's view and, when its text did not convert, the message and the id the error
    /// summary links to (a radio group's is its first radio's).
    private func fieldView(_ field: DecisionPage.Field, ids: inout FieldIDs, ui: Words) -> (view: KeyedView, error: String?, target: String) {
        let id = ids.allocate("decision-" + HTMLID.sanitise(field.name), key: nil)
        let hint = field.typeRef.map { ui.fill("decisionFieldHint", ["name": field.name, "type": $0]) }
            ?? ui.fill("decisionFieldHintUntyped", ["name": field.name])
        let error = field.problem.map { problem in
            switch problem {
            case .notANumber: ui.fill("decisionNotANumber", ["label": field.label])
            case .notABoolean: ui.fill("decisionNotABoolean", ["label": field.label])
            case .notADate: ui.fill("decisionNotADate", ["label": field.label])
            case .notADateTime: ui.fill("decisionNotADateTime", ["label": field.label])
            case .notFEEL(let reason): ui.fill("decisionNotFEEL", ["label": field.label, "message": reason])
            }
        }
        let describedBy = id + "-hint" + (error == nil ? "" : " " + id + "-error")
        var view: [(key: ViewKey, value: TemplateValue)] = [
            (.id, .text(id)), (.name, .text(field.name)), (.label, .text(field.label)),
            (.hint, .text(hint)), (.hintID, .text(id + "-hint")),
            (.error, .optional(error)), (.errorID, .text(id + "-error")),
            (.describedBy, .text(describedBy)), (.invalid, .bool(error != nil)),
        ]
        if field.kind == .boolean {
            let choices: [(value: String, label: String)] = [("true", ui["yes"]), ("false", ui["no"]), ("", ui["decisionUnset"])]
            let radios = choices.enumerated().map { index, choice in
                let radioID = index == 0 ? id : id + "-" + (choice.value.isEmpty ? "unset" : choice.value)
                return TemplateValue.object(KeyedView([
                    .radioID: .text(radioID), .radioValue: .text(choice.value), .label: .text(choice.label),
                    .selected: .bool(choice.value == field.value),
                ]))
            }
            view.append((.choices, .object(KeyedView([.items: .list(radios)]))))
        } else if !field.options.isEmpty {
            let options = field.options.map { option in
                TemplateValue.object(KeyedView([.value: .text(option), .label: .text(option), .selected: .bool(option == field.value)]))
            }
            view.append((.options, .object(KeyedView([.items: .list(options), .emptyLabel: .text(ui["decisionNoValue"])]))))
        } else {
            // A value the browser's own control cannot hold (a wrong number or date) is shown
            // back in a text input, so the person sees what they typed.
            let wellFormed = field.problem == nil
            let inputType = switch field.kind {
            case .number where wellFormed: "number"
            case .date where wellFormed: "date"
            default: "text"
            }
            view.append((.textInput, .bool(true)))
            view.append((.inputType, .text(inputType)))
            view.append((.step, .optional(inputType == "number" ? "any" : nil)))
            view.append((.inputMode, .optional(field.kind == .number && inputType == "text" ? "decimal" : nil)))
            view.append((.value, .text(field.value)))
            view.append((.spellcheckOff, .bool(field.kind != .string)))
        }
        return (KeyedView(view), error, id)
    }

    /// One decision of the trace: its inputs, the rules that matched, its result and its logic
    /// with the matches marked.
    private func evaluatedView(_ evaluated: DecisionPage.Evaluated, index: Int, ui: Words) -> KeyedView {
        let prefix = "decision-\(index + 1)"
        let inputs = evaluated.inputs.map { input in
            TemplateValue.object(KeyedView([.label: .text(input.label), .value: .text(input.value)]))
        }
        var matched: TemplateValue = .bool(false)
        if case .table(let table)? = evaluated.logic {
            let rows = evaluated.matched.map { rule in
                TemplateValue.object(KeyedView([
                    .number: .text(String(rule.number)),
                    .inputEntries: .list(zip(table.inputs, rule.inputEntries).map { .text($0 + ": " + $1) }),
                    .outputEntries: .list(zip(table.outputs, rule.outputEntries).map { .text($0 + ": " + $1) }),
                    .annotations: .list(rule.annotations.map(TemplateValue.text)),
                ]))
            }
            matched = .object(KeyedView([
                .id: .text(prefix + "-matched"),
                .caption: .text(ui.named("decisionMatchedCaption", evaluated.name)),
                .hasItems: .bool(!rows.isEmpty),
                .rows: .list(rows),
            ]))
        }
        return KeyedView([
            (.id, .text(prefix)),
            (.name, .text(evaluated.name)),
            (.inputs, inputs.isEmpty ? .bool(false) : .list(inputs)),
            (.result, .text(evaluated.result)),
            (.matchedRules, matched),
            (.warnings, evaluated.warnings.isEmpty ? .bool(false) : .object(KeyedView([.items: .list(evaluated.warnings.map(TemplateValue.text))]))),
            (.content, evaluated.logic.map { .object(logicView($0, prefix: prefix + "-logic", name: evaluated.name, ui: ui)) } ?? .bool(false)),
        ])
    }

    /// A decision's logic: every rule of its table (marked matched or not once evaluated, in
    /// words, not colour alone), or its literal expression.
    private func logicView(_ logic: DecisionPage.Logic, prefix: String, name: String, ui: Words) -> KeyedView {
        switch logic {
        case .table(let table):
            let marked = table.rules.contains { $0.matched != nil }
            var headers = table.inputs.map { TemplateValue.text($0) } + table.outputs.map { TemplateValue.text($0) }
            headers += table.annotations.map { TemplateValue.text($0) }
            if marked { headers.append(.text(ui["decisionRuleMatchedColumn"])) }
            let rows = table.rules.map { rule in
                var cells = (rule.inputEntries + rule.outputEntries).map { TemplateValue.object(KeyedView([.text: .text($0), .code: .bool(true), .selected: .bool(false)])) }
                cells += rule.annotations.map { TemplateValue.object(KeyedView([.text: .text($0), .code: .bool(false), .selected: .bool(false)])) }
                // As many cells as columns, however few annotation entries a rule has.
                while cells.count < table.inputs.count + table.outputs.count + table.annotations.count {
                    cells.append(.object(KeyedView([.text: .text(""), .code: .bool(false), .selected: .bool(false)])))
                }
                if let matched = rule.matched {
                    cells.append(.object(KeyedView([.text: .text(ui[matched ? "decisionRuleMatched" : "decisionRuleNotMatched"]),
                                                    .code: .bool(false), .selected: .bool(matched)])))
                }
                return TemplateValue.object(KeyedView([
                    .id: .text(prefix + "-rule-\(rule.number)"), .number: .text(String(rule.number)),
                    .selected: .bool(rule.matched == true), .cells: .list(cells),
                ]))
            }
            return KeyedView([
                .table: .object(KeyedView([
                    .id: .text(prefix),
                    .caption: .text(ui.fill("decisionTableCaption", ["name": name, "policy": table.hitPolicy])),
                    .columns: .list(headers),
                    .rows: .list(rows),
                ])),
            ])
        case .literal(let text):
            return KeyedView([.literal: .object(KeyedView([.id: .text(prefix), .text: .text(text)]))])
        case .other(let element):
            return KeyedView([.other: .text(ui.fill("decisionLogicOther", ["kind": element]))])
        }
    }
}
