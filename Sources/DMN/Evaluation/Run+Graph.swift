import FEEL

/// The decision requirements graph of one evaluation: which decisions are done (each once),
/// which are given (a service's input decisions), which are on the way (a cycle).
final class GraphState {
    /// Values every decision sees by name (Camunda evaluates a decision with all variables in scope).
    let context: FEELContext
    /// Values by `namespace#id` of decisions computed or given.
    var done: [String: FEELValue] = [:]
    var inProgress: Set<String> = []
    /// Decisions given from outside (a service's input decisions): never evaluated.
    var given: Set<String> = []
    /// Input data a service was called with: only these (never the surrounding context).
    let inputsOnly: Bool

    init(context: FEELContext, inputsOnly: Bool = false) {
        self.context = context
        self.inputsOnly = inputsOnly
    }
}

extension Run {
    static func key(_ model: DMNDefinitions, _ id: String) -> String { model.namespace + "#" + id }

    /// The model a reference points into, from `model`.
    func target(_ reference: DMNReference, from model: DMNDefinitions) -> DMNDefinitions? {
        guard let namespace = reference.namespace, namespace != model.namespace else { return model }
        return models.model(namespace: namespace)
    }

    /// The name a referenced element has in `model`'s expressions: its own, or `import.name`'s import part.
    func importName(of owner: DMNDefinitions, from model: DMNDefinitions) -> String? {
        guard owner.namespace != model.namespace else { return nil }
        return model.imports.first { $0.namespace == owner.namespace }?.name
    }

    /// Puts a value in scope under its name, or under its import's name as a member.
    func bind(_ name: String, _ value: FEELValue, owner: DMNDefinitions, from model: DMNDefinitions, in scope: inout FEELContext) {
        if let prefix = importName(of: owner, from: model) {
            var members = scope[prefix]?.contextValue ?? FEELContext()
            members[name] = value
            scope[prefix] = .context(members)
            // FEEL may read `import.Name With Spaces` as one known name: it is there too.
            scope[prefix + "." + name] = value
        } else {
            scope[name] = value
        }
    }

    // MARK: Decisions

    func evaluate(_ decision: Decision, in model: DMNDefinitions, _ graph: GraphState) -> FEELValue {
        let key = Run.key(model, decision.id)
        if let value = graph.done[key] { return value }
        if graph.given.contains(key) { return .null }
        guard !graph.inProgress.contains(key) else {
            warn("decision \"\(decision.name)\" requires itself through its requirements; its value is null")
            return .null
        }
        graph.inProgress.insert(key)
        defer { graph.inProgress.remove(key) }
        let warningsBefore = warnings.count
        var scope = graph.inputsOnly ? FEELContext() : graph.context
        var traced: [TracedInput] = []
        for reference in decision.requiredInputs {
            guard let owner = target(reference, from: model), let input = owner.inputData.first(where: { $0.id == reference.id }) else {
                warn("decision \"\(decision.name)\" requires input data \(reference.href), which no model has; it is left out")
                continue
            }
            let value = inputValue(input, owner: owner, graph)
            bind(input.name, value, owner: owner, from: model, in: &scope)
            traced.append(TracedInput(label: input.name, expression: "", value: value))
        }
        for reference in decision.requiredDecisions {
            guard let owner = target(reference, from: model), let required = owner.decisions.first(where: { $0.id == reference.id }) else {
                warn("decision \"\(decision.name)\" requires decision \(reference.href), which no model has; it is left out")
                continue
            }
            let value = evaluate(required, in: owner, graph)
            bind(required.name, value, owner: owner, from: model, in: &scope)
            traced.append(TracedInput(label: required.name, expression: "", value: value))
        }
        addKnowledge(decision.requiredKnowledge, from: model, to: &scope, requirer: decision.name)
        let place = "decision \"\(decision.name)\""
        var tableTrace: TableTrace?
        var value: FEELValue
        if let logic = decision.logic {
            if case .decisionTable(let table) = logic.kind {
                let outcome = evaluate(table, scope, in: model, place: place, defaultName: decision.name)
                value = outcome.value
                tableTrace = outcome.trace
            } else {
                value = evaluate(logic, scope, in: model, place: place)
            }
        } else {
            warn("\(place) has no decision logic; its value is null")
            value = .null
        }
        value = coerce(value, to: decision.typeRef, in: model, place: place)
        graph.done[key] = value
        let decisionWarnings = Array(warnings.dropFirst(warningsBefore))
        record(DecisionTrace(id: decision.id, name: decision.name, logic: decision.logic?.elementName ?? "none",
                             inputs: tableTrace?.inputs ?? traced, matchedRules: tableTrace?.rules ?? [], result: value,
                             warnings: decisionWarnings))
        return value
    }

    /// An input data's value: given by namespace, else by name (an imported one also as `import.name`), coerced to its type.
    func inputValue(_ input: InputData, owner: DMNDefinitions, _ graph: GraphState) -> FEELValue {
        var value: FEELValue?
        if let byNamespace = inputsByNamespace[owner.namespace]?[input.name] {
            value = byNamespace
        } else if owner.namespace == models.main.namespace || graph.inputsOnly {
            value = graph.context[input.name]
        } else if let prefix = importName(of: owner, from: models.main), let members = graph.context[prefix]?.contextValue {
            value = members[input.name]
        }
        if value == nil, owner.namespace != models.main.namespace { value = graph.context[input.name] }
        return coerce(value ?? .null, to: input.typeRef, in: owner, place: "input data \"\(input.name)\"")
    }

    // MARK: Knowledge

    /// Business knowledge models and decision services required, as functions in scope by name.
    func addKnowledge(_ references: [DMNReference], from model: DMNDefinitions, to scope: inout FEELContext, requirer: String) {
        for reference in references {
            guard let owner = target(reference, from: model) else {
                warn("\"\(requirer)\" requires knowledge \(reference.href) of a model that is not imported; it is left out")
                continue
            }
            if let bkm = owner.knowledgeModels.first(where: { $0.id == reference.id }) {
                bind(bkm.name, function(of: bkm, in: owner), owner: owner, from: model, in: &scope)
            } else if let service = owner.decisionServices.first(where: { $0.id == reference.id }) {
                bind(service.name, function(of: service, in: owner), owner: owner, from: model, in: &scope)
            } else {
                warn("\"\(requirer)\" requires knowledge \(reference.href), which no model has; it is left out")
            }
        }
    }

    /// A business knowledge model as a FEEL function: its parameters coerced to their types,
    /// the knowledge it requires in scope, its result coerced to its type.
    func function(of bkm: BusinessKnowledgeModel, in model: DMNDefinitions) -> FEELValue {
        let parameters = bkm.logic?.parameters ?? []
        return .function(FEELFunction(parameters: parameters.map(\.name)) { [self] arguments in
            let place = "business knowledge model \"\(bkm.name)\""
            guard let logic = bkm.logic else {
                warn("\(place) has no encapsulated logic; the call reads as null")
                return .null
            }
            guard logic.kind == .feel else {
                warn("\(place) is a \(logic.kind.rawValue) function, which FlowStage does not run; the call reads as null")
                return .null
            }
            guard enterCall(place) else { return .null }
            defer { leaveCall() }
            var scope = FEELContext()
            addKnowledge(bkm.requiredKnowledge, from: model, to: &scope, requirer: bkm.name)
            for (parameter, argument) in zip(parameters, arguments) {
                let value = coerce(argument, to: parameter.typeRef, in: model, place: "\(place), parameter \(parameter.name)")
                // An argument of the wrong type makes the call null (DMN 1.5, 10.3.2.9.4).
                if value.isNull && !argument.isNull { return .null }
                scope[parameter.name] = value
            }
            guard let body = logic.body else { return .null }
            let value = evaluate(body, scope, in: model, place: place)
            return coerce(value, to: bkm.typeRef, in: model, place: place)
        })
    }

    // MARK: Decision services

    /// The service's parameters, as a function: its input data, then its input decisions
    /// (the order the DMN TCK's positional calls of services use).
    func parameters(of service: DecisionService, in model: DMNDefinitions) -> [(name: String, reference: DMNReference, isDecision: Bool)] {
        var found: [(name: String, reference: DMNReference, isDecision: Bool)] = []
        for reference in service.inputData {
            if let owner = target(reference, from: model), let input = owner.inputData.first(where: { $0.id == reference.id }) {
                found.append((input.name, reference, false))
            }
        }
        for reference in service.inputDecisions {
            if let owner = target(reference, from: model), let decision = owner.decisions.first(where: { $0.id == reference.id }) {
                found.append((decision.name, reference, true))
            }
        }
        return found
    }

    func function(of service: DecisionService, in model: DMNDefinitions) -> FEELValue {
        let parameters = parameters(of: service, in: model)
        return .function(FEELFunction(parameters: parameters.map(\.name)) { [self] arguments in
            guard enterCall("decision service \"\(service.name)\"") else { return .null }
            defer { leaveCall() }
            var given = FEELContext()
            for (parameter, argument) in zip(parameters, arguments) {
                let type = parameterType(parameter.reference, in: model)
                let value = coerce(argument, to: type.typeRef, in: type.model, place: "decision service \"\(service.name)\", parameter \(parameter.name)")
                if value.isNull && !argument.isNull { return .null }
                given[parameter.name] = value
            }
            let value = evaluate(service, in: model, arguments: given)
            return value
        })
    }

    /// The type of a service's parameter: its input data's or input decision's.
    private func parameterType(_ reference: DMNReference, in model: DMNDefinitions) -> (typeRef: String?, model: DMNDefinitions) {
        guard let owner = target(reference, from: model) else { return (nil, model) }
        let typeRef = owner.inputData.first { $0.id == reference.id }?.typeRef ?? owner.decisions.first { $0.id == reference.id }?.typeRef
        return (typeRef, owner)
    }

    /// Runs a service: input decisions and input data from `arguments` by name (a missing one
    /// is null), its output decisions computed; one output is its value, several a context.
    func evaluate(_ service: DecisionService, in model: DMNDefinitions, arguments: FEELContext) -> FEELValue {
        let graph = GraphState(context: arguments, inputsOnly: true)
        for parameter in parameters(of: service, in: model) where parameter.isDecision {
            guard let owner = target(parameter.reference, from: model),
                  let decision = owner.decisions.first(where: { $0.id == parameter.reference.id }) else { continue }
            let key = Run.key(owner, decision.id)
            graph.given.insert(key)
            graph.done[key] = coerce(arguments[parameter.name] ?? .null, to: decision.typeRef, in: owner,
                                     place: "decision service \"\(service.name)\", input decision \(decision.name)")
        }
        var outputs = FEELContext()
        for reference in service.outputDecisions {
            guard let owner = target(reference, from: model), let decision = owner.decisions.first(where: { $0.id == reference.id }) else {
                warn("decision service \"\(service.name)\" outputs decision \(reference.href), which no model has")
                continue
            }
            outputs[decision.name] = evaluate(decision, in: owner, graph)
        }
        let value: FEELValue = service.outputDecisions.count == 1 ? (outputs.values.first ?? .null) : .context(outputs)
        return coerce(value, to: service.typeRef, in: model, place: "decision service \"\(service.name)\"")
    }
}
