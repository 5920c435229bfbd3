import FEEL

/// Evaluates decisions, decision services and business knowledge models of DMN models.
///
/// A decision sees the values in `context` by name (Camunda evaluates a decision with every
/// variable in scope), its input data (from `context` by name, coerced to their `typeRef`),
/// the decisions it requires (each evaluated once per evaluation) and the knowledge it
/// requires as functions. Problems inside the logic are null values with warnings; an
/// evaluation that cannot start or was stopped by a limit is a `DMNError`.
public struct DMNEvaluator: Sendable {
    public var environment: FEELEnvironment
    public var limits: DMNLimits

    public init(environment: FEELEnvironment = FEELEnvironment(), limits: DMNLimits = DMNLimits()) {
        self.environment = environment
        self.limits = limits
    }

    /// The decision named (or with the id) `nameOrID` of `models.main`, with the trace of every
    /// decision evaluated. `inputsByNamespace`: values of input data of imported models that
    /// are not given as `importName.name` in `context`.
    public func evaluate(decision nameOrID: String, in models: DMNModels, context: [String: FEELValue],
                         inputsByNamespace: [String: [String: FEELValue]] = [:]) -> Result<DecisionResult, DMNError> {
        let model = models.main
        guard let decision = model.decision(nameOrID) else {
            return .failure(.notFound("decision", nameOrID, in: model, choices: model.decisions.map(\.name)))
        }
        let run = Run(models: models, environment: environment, limits: limits, inputsByNamespace: inputsByNamespace)
        let value = run.evaluate(decision, in: model, GraphState(context: FEELEnvironment.context(context)))
        return finish(run, value)
    }

    /// Every decision of `models.main` with no other decision requiring it (the model's
    /// results), each with its own trace, by name.
    public func evaluateAll(in models: DMNModels, context: [String: FEELValue]) -> Result<DecisionResult, DMNError> {
        let model = models.main
        let required = Set(model.decisions.flatMap { $0.requiredDecisions.filter { $0.namespace == nil }.map(\.id) })
        let run = Run(models: models, environment: environment, limits: limits)
        let graph = GraphState(context: FEELEnvironment.context(context))
        var results = FEELContext()
        for decision in model.decisions where !required.contains(decision.id) {
            results[decision.name] = run.evaluate(decision, in: model, graph)
        }
        return finish(run, .context(results))
    }

    /// A decision service evaluated directly: its input data and input decisions from
    /// `context` by name (a missing one is null); one output decision is the value, several
    /// a context by decision name.
    public func evaluate(service nameOrID: String, in models: DMNModels, context: [String: FEELValue]) -> Result<DecisionResult, DMNError> {
        let model = models.main
        guard let service = model.decisionServices.first(where: { $0.id == nameOrID }) ?? model.decisionServices.first(where: { $0.name == nameOrID }) else {
            return .failure(.notFound("decision service", nameOrID, in: model, choices: model.decisionServices.map(\.name)))
        }
        let run = Run(models: models, environment: environment, limits: limits)
        let value = run.evaluate(service, in: model, arguments: FEELEnvironment.context(context))
        return finish(run, value)
    }

    /// A business knowledge model or decision service called as a function, with arguments by
    /// parameter name (a missing one is null).
    public func invoke(_ nameOrID: String, in models: DMNModels, arguments: [String: FEELValue]) -> Result<DecisionResult, DMNError> {
        let model = models.main
        let run = Run(models: models, environment: environment, limits: limits)
        let function: FEELValue
        if let bkm = model.knowledgeModels.first(where: { $0.id == nameOrID }) ?? model.knowledgeModels.first(where: { $0.name == nameOrID }) {
            function = run.function(of: bkm, in: model)
        } else if let service = model.decisionServices.first(where: { $0.id == nameOrID }) ?? model.decisionServices.first(where: { $0.name == nameOrID }) {
            function = run.function(of: service, in: model)
        } else {
            return .failure(.notFound("business knowledge model or decision service", nameOrID, in: model,
                                      choices: model.knowledgeModels.map(\.name) + model.decisionServices.map(\.name)))
        }
        guard case .function(let callable) = function else { return finish(run, .null) }
        let unknown = arguments.keys.filter { !callable.parameterNames.contains($0) }.sorted()
        if !unknown.isEmpty {
            return .failure(DMNError("\(nameOrID) has no parameter named \(unknown.joined(separator: ", ")); its parameters are \(callable.parameterNames.joined(separator: ", "))"))
        }
        let result = callable.call(named: callable.parameterNames.map { ($0, arguments[$0] ?? .null) }, environment: environment)
        for warning in result.warnings { run.warn(warning.message) }
        return finish(run, result.value)
    }

    private func finish(_ run: Run, _ value: FEELValue) -> Result<DecisionResult, DMNError> {
        if let reason = run.stopped { return .failure(DMNError(reason)) }
        return .success(DecisionResult(value: value, trace: run.takeTrace(), warnings: run.warnings))
    }
}

extension FEELEnvironment {
    /// Named values as a FEEL context, names sorted so a trace reads the same each time.
    static func context(_ values: [String: FEELValue]) -> FEELContext {
        FEELContext(uniqueKeys: values.keys.sorted()) { values[$0]! }
    }
}
