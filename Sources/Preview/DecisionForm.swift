import DMN
import Definitions
import FEEL
import Foundation
import Rendering

/// The fields of a decision's "try it" page, worked out from its DMN model, and how the text
/// typed in them becomes FEEL values.
///
/// What is asked:
/// - every **input data** the decision needs: its own `requiredInput`s and those of the
///   decisions it requires, transitively (across imported models too), in the order met;
/// - every **variable read and not declared**: a name (or path such as `applicant.age`) that a
///   table input or a literal expression reads, when no requirement provides it. Camunda
///   evaluates a decision with every variable of the process in scope, so a table whose inputs
///   are plain variables (no input data in the model) gets one field per input.
///
/// What is not asked: a **required decision** is worked out, never typed, even when a table
/// input reads it by name ("Claim size" reads the decision `claim-size`): the page lists it as
/// computed, and the trace shows its value. Asking for it would let a person try values the
/// model can never produce, and hide what the required decision does with its own inputs.
///
/// A field is typed by the `typeRef` of its input data, or of the table input that reads it
/// (an item definition is followed to its base type); its options are the table input's
/// `inputValues` or the item definition's `allowedValues` when they are plain values. A
/// table input that reads the variable under a label lends the field that label.
struct DecisionForm {
    struct Field {
        var name: String
        /// Where the value goes in the context: `["applicant", "age"]` for `applicant.age`.
        var path: [String]
        var label: String
        var typeRef: String?
        var kind: DecisionPage.Field.Kind
        var options: [String]
    }

    private(set) var fields: [Field] = []
    /// Names of required decisions a table input reads.
    private(set) var computed: [String] = []

    init(_ found: ProjectDecisions.Found) {
        let models = found.models
        var walk = RequirementWalk(models: models)
        walk.visit(found.decision, in: models.main)
        var known = Set(walk.inputs.map(\.input.name))
        known.formUnion(walk.decisionNames)
        known.formUnion(walk.otherNames)
        known.formUnion(models.main.imports.map(\.name))

        // The table inputs that read one plain name or path: they lend labels, types and options.
        var readers: [[String]: DecisionTable.Input] = [:]
        for (decision, _) in walk.decisions {
            guard case .decisionTable(let table)? = decision.logic?.kind else { continue }
            for input in table.inputs {
                if let path = input.expression.expression?.plainPath, readers[path] == nil { readers[path] = input }
            }
        }
        for (input, owner) in walk.inputs {
            let reader = readers[[input.name]]
            let type = DecisionForm.resolve(input.typeRef ?? reader?.typeRef, in: owner, models: models)
            fields.append(Field(name: input.name, path: [input.name], label: reader?.label ?? input.name,
                                typeRef: input.typeRef ?? reader?.typeRef, kind: type.kind,
                                options: DecisionForm.values(reader?.inputValues) ?? type.options))
        }
        // Variables read and not declared, from table inputs and literal expressions.
        for (decision, owner) in walk.decisions {
            switch decision.logic?.kind {
            case .decisionTable(let table)?:
                for input in table.inputs {
                    let plain = input.expression.expression?.plainPath
                    for path in input.expression.expression?.readPaths() ?? [] where path == plain || plain == nil {
                        guard let root = path.first, !known.contains(root) else {
                            if let root = path.first, walk.decisionNames.contains(root), !computed.contains(root) { computed.append(root) }
                            continue
                        }
                        let typed = path == plain
                        let type = typed ? DecisionForm.resolve(input.typeRef, in: owner, models: models) : (.any, [])
                        add(Field(name: path.joined(separator: "."), path: path, label: typed ? (input.label ?? input.expression.source) : path.joined(separator: "."),
                                  typeRef: typed ? input.typeRef : nil, kind: type.kind,
                                  options: typed ? (DecisionForm.values(input.inputValues) ?? type.options) : []))
                    }
                }
            case .literal(let text)?:
                for path in text.expression?.readPaths() ?? [] {
                    guard let root = path.first, !known.contains(root) else { continue }
                    add(Field(name: path.joined(separator: "."), path: path, label: path.joined(separator: "."), typeRef: nil, kind: .any, options: []))
                }
            default:
                break
            }
        }
    }

    /// Adds a variable's field once; a longer path under a name already asked is left out.
    private mutating func add(_ field: Field) {
        guard !fields.contains(where: { $0.name == field.name || field.path.starts(with: $0.path) || $0.path.starts(with: field.path) }) else { return }
        fields.append(field)
    }

    /// The kind of field a `typeRef` makes, following an item definition to its base type, with
    /// the definition's allowed values.
    static func resolve(_ typeRef: String?, in model: DMNDefinitions, models: DMNModels) -> (kind: DecisionPage.Field.Kind, options: [String]) {
        var name = typeRef
        var options: [String]?
        for _ in 0..<8 {   // item definitions naming each other, a few deep at most
            guard let current = name else { return (.any, options ?? []) }
            let bare = current.hasPrefix("feel:") ? String(current.dropFirst(5)) : current
            switch bare.lowercased() {
            case "number", "integer", "int", "long", "double", "decimal", "float": return (.number, options ?? [])
            case "boolean": return (.boolean, [])
            case "date": return (.date, options ?? [])
            case "date and time", "datetime": return (.dateTime, options ?? [])
            case "string": return (.string, options ?? [])
            case "any": return (.any, options ?? [])
            default: break
            }
            let definition = model.itemDefinition(named: bare) ?? ([models.main] + models.others).lazy.compactMap { $0.itemDefinition(named: bare) }.first
            guard let definition else { return (.string, options ?? []) }
            if definition.isCollection || !definition.components.isEmpty || definition.function != nil { return (.feel, []) }
            if options == nil { options = values(definition.allowedValues) }
            name = definition.typeRef
        }
        return (.any, options ?? [])
    }

    /// `"large","small"` or `1, 2, 3` as the texts to offer; nil when the tests are anything
    /// but plain values (`< 10`, `[1..5]`), which no list of choices can show.
    static func values(_ tests: FEELText?) -> [String]? {
        guard let tests, let list = try? FEELExpression("[" + tests.source + "]") else { return nil }
        guard case .list(let items) = list.evaluate().value, !items.isEmpty else { return nil }
        var texts: [String] = []
        for item in items {
            switch item {
            case .string(let text): texts.append(text)
            case .number(let number): texts.append(number.text)
            default: return nil
            }
        }
        return texts
    }

    /// The text typed as the FEEL value its kind says; an empty field gives no value (null).
    static func convert(_ text: String, _ kind: DecisionPage.Field.Kind) -> Result<FEELValue, DecisionPage.Field.Problem> {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.isEmpty { return .success(.null) }
        switch kind {
        case .number:
            return FEELNumber(text: trimmed).map { .success(.number($0)) } ?? .failure(.notANumber)
        case .boolean:
            switch trimmed {
            case "true": return .success(.bool(true))
            case "false": return .success(.bool(false))
            default: return .failure(.notABoolean)
            }
        case .date:
            return temporal("date", trimmed) ?? .failure(.notADate)
        case .dateTime:
            return temporal("date and time", trimmed) ?? .failure(.notADateTime)
        case .string:
            return .success(.string(text))
        case .feel:
            do {
                let result = try FEELExpression(trimmed).evaluate()
                return .success(result.value)
            } catch {
                return .failure(.notFEEL(error.description))
            }
        case .any:
            if let number = FEELNumber(text: trimmed) { return .success(.number(number)) }
            if trimmed == "true" || trimmed == "false" { return .success(.bool(trimmed == "true")) }
            return .success(.string(text))
        }
    }

    /// `date(text)` or `date and time(text)` as FEEL reads it: null (a text it cannot read) is nil.
    private static func temporal(_ function: String, _ text: String) -> Result<FEELValue, DecisionPage.Field.Problem>? {
        guard let call = try? FEELExpression(function + "(text)") else { return nil }
        let value = call.evaluate(FEELContext([("text", .string(text))])).value
        switch value {
        case .date, .dateTime: return .success(value)
        default: return nil
        }
    }
}

/// The decisions and input data a decision reaches through its requirements, each once.
private struct RequirementWalk {
    let models: DMNModels
    private(set) var inputs: [(input: InputData, owner: DMNDefinitions)] = []
    /// The decision itself and every decision it requires, transitively.
    private(set) var decisions: [(decision: Decision, owner: DMNDefinitions)] = []
    /// Names of the required decisions (not the decision itself).
    private(set) var decisionNames: Set<String> = []
    /// Names of business knowledge models and services required: functions, not values.
    private(set) var otherNames: Set<String> = []
    private var seen: Set<String> = []

    init(models: DMNModels) { self.models = models }

    mutating func visit(_ decision: Decision, in model: DMNDefinitions) {
        guard seen.insert(model.namespace + "#" + decision.id).inserted else { return }
        decisions.append((decision, model))
        // Required decisions first, as they are evaluated: their inputs come first in the form.
        for reference in decision.requiredDecisions {
            guard let owner = target(reference, from: model), let required = owner.decisions.first(where: { $0.id == reference.id }) else { continue }
            decisionNames.insert(required.name)
            visit(required, in: owner)
        }
        for reference in decision.requiredInputs {
            guard let owner = target(reference, from: model), let input = owner.inputData.first(where: { $0.id == reference.id }),
                  seen.insert(owner.namespace + "#" + input.id).inserted else { continue }
            inputs.append((input, owner))
        }
        for reference in decision.requiredKnowledge {
            guard let owner = target(reference, from: model) else { continue }
            if let bkm = owner.knowledgeModels.first(where: { $0.id == reference.id }) { otherNames.insert(bkm.name) }
            if let service = owner.decisionServices.first(where: { $0.id == reference.id }) { otherNames.insert(service.name) }
        }
    }

    private func target(_ reference: DMNReference, from model: DMNDefinitions) -> DMNDefinitions? {
        guard let namespace = reference.namespace, namespace != model.namespace else { return model }
        return models.model(namespace: namespace)
    }
}
