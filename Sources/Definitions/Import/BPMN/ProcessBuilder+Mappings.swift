import Expressions

/// Input and output mappings (Camunda 8's `zeebe:ioMapping`, Camunda 7's `camunda:inputOutput`)
/// made a task's `locals` and `results` (decision 0037), and the stand-in answers a model carries:
/// the Modeler's example data and a connector's `resultVariable` and `resultExpression`.
extension ProcessBuilder {
    struct Mappings {
        /// In the order the model writes them: a later mapping sees the targets before it.
        var inputs: [(target: String, source: JSONValue)] = []
        var outputs: [(target: String, source: JSONValue)] = []
        /// Mappings read (evaluated in a walk) and left out (each with a located warning).
        var read = 0
    }

    /// The element's mappings as FlowStage assignments by target path.
    mutating func mappings(of element: FlowElement) -> Mappings {
        var found = Mappings()
        let extensions = element.node.child("extensionElements", in: BPMNNamespace.model)
        if let io = extensions?.child("ioMapping", in: BPMNNamespace.zeebe) {
            for (name, isInput) in [("input", true), ("output", false)] {
                for mapping in io.children(name, in: BPMNNamespace.zeebe) {
                    guard let target = mapping.attribute("target") else { continue }
                    let expression = zeebeSource(mapping.attribute("source") ?? "")
                    add(expression, target: target, input: isInput, to: &found, element: element)
                }
            }
        }
        for namespace in BPMNNamespace.camunda {
            guard let io = extensions?.child("inputOutput", in: namespace) else { continue }
            for (name, isInput) in [("inputParameter", true), ("outputParameter", false)] {
                for parameter in io.children(name, in: namespace) {
                    guard let target = parameter.attribute("name") else { continue }
                    add(camundaParameter(parameter, namespace: namespace), target: target, input: isInput, to: &found, element: element)
                }
            }
        }
        return found
    }

    /// Whether the element writes input or output mappings (either dialect).
    func hasMappings(_ element: FlowElement) -> Bool {
        let extensions = element.node.child("extensionElements", in: BPMNNamespace.model)
        return extensions?.child("ioMapping", in: BPMNNamespace.zeebe)?.children.isEmpty == false
            || BPMNNamespace.camunda.contains { extensions?.child("inputOutput", in: $0)?.children.isEmpty == false }
    }

    func isEvent(_ element: FlowElement) -> Bool {
        [.startEvent, .endEvent, .intermediateCatchEvent, .intermediateThrowEvent, .boundaryEvent].contains(element.kind)
    }

    /// A step that applies an event's mappings (its outputs over the process data, as the event
    /// completes) and goes on to `then`; its id is `<event>__outputs` unless given.
    mutating func eventOutputs(_ element: FlowElement, then: String, id: String? = nil) -> String {
        let id = id ?? uniqueID(element.id + "__outputs")
        emitted.insert(id)
        var node: [String: JSONValue] = ["id": .string(id), "type": "scriptTask", "set": [:], "next": .string(then)]
        addMappings(element, to: &node)
        append(.object(node), from: element, known: true)
        return id
    }

    /// Adds a task's mappings to its node: `locals` and `results`.
    mutating func addMappings(_ element: FlowElement, to node: inout [String: JSONValue]) {
        let found = mappings(of: element)
        mapped.insert(element.id)
        if !found.inputs.isEmpty { node["locals"] = Self.mappingList(found.inputs) }
        if !found.outputs.isEmpty { node["results"] = Self.mappingList(found.outputs) }
        if found.read > 0 { summary.append("\(element.id): \(found.read) mapping\(found.read == 1 ? "" : "s") applied") }
    }

    private mutating func add(_ source: Result<JSONValue, ModelExpressionProblem>, target: String, input: Bool,
                              to found: inout Mappings, element: FlowElement) {
        let kind = input ? "input" : "output"
        guard (try? DataPath(target)) != nil else {
            warnings.append(located(element, "the \(kind) mapping's target “\(target)” is not a variable name or path (a.b.c); the mapping is left out"))
            return
        }
        switch source {
        case .success(let expression):
            if input { found.inputs.append((target, expression)) } else { found.outputs.append((target, expression)) }
            found.read += 1
        case .failure(let problem):
            warnings.append(located(element, "the \(kind) mapping to “\(target)” cannot be evaluated here (\(problem)); it is left out, so “\(target)” is not set"))
        }
    }

    static func mappingList(_ mappings: [(target: String, source: JSONValue)]) -> JSONValue {
        .array(mappings.map { ["target": .string($0.target), "source": $0.source] })
    }

    /// A Camunda 8 value: FEEL after `=`, else the text itself (`source="bedrock"`).
    func zeebeSource(_ source: String) -> Result<JSONValue, ModelExpressionProblem> {
        let trimmed = source.trimmingWhitespace()
        guard trimmed.hasPrefix("=") else { return .success(["feel": .string(JSONValue.string(source).feelLiteral)]) }
        return ModelExpressions.feel(String(trimmed.dropFirst())).map(\.definitionJSON)
    }

    /// A Camunda 7 parameter: text (JUEL when it holds `${…}`), a list or a map of such values;
    /// a script is not run.
    private func camundaParameter(_ parameter: XMLNode, namespace: String) -> Result<JSONValue, ModelExpressionProblem> {
        if parameter.child("script", in: namespace) != nil {
            return .failure(ModelExpressionProblem(column: nil, message: "script parameters (Groovy, JavaScript) are not run in a preview"))
        }
        switch constant(parameter, namespace: namespace) {
        case .success(let value): return .success(["feel": .string(value.feelLiteral)])
        case .failure(let problem):
            guard problem.message == Self.juelMarker else { return .failure(problem) }
            return ModelExpressions.juel(parameter.text.trimmingWhitespace()).map(\.definitionJSON)
        }
    }

    private static let juelMarker = "JUEL"

    /// The parameter's value when it holds no expression; a JUEL text alone is reported by the
    /// marker so its caller translates it, JUEL inside a list or map is refused.
    private func constant(_ node: XMLNode, namespace: String, nested: Bool = false) -> Result<JSONValue, ModelExpressionProblem> {
        if let list = node.child("list", in: namespace) {
            var items: [JSONValue] = []
            for value in list.children where value.namespace == namespace {
                switch constant(value, namespace: namespace, nested: true) {
                case .success(let item): items.append(item)
                case .failure(let problem): return .failure(problem)
                }
            }
            return .success(.array(items))
        }
        if let map = node.child("map", in: namespace) {
            var fields: [String: JSONValue] = [:]
            for entry in map.children("entry", in: namespace) {
                switch constant(entry, namespace: namespace, nested: true) {
                case .success(let value): fields[entry.attribute("key") ?? ""] = value
                case .failure(let problem): return .failure(problem)
                }
            }
            return .success(.object(fields))
        }
        let text = node.text.trimmingWhitespace()
        guard text.contains("${") || text.contains("#{") else { return .success(.string(text)) }
        return .failure(ModelExpressionProblem(column: nil, message: nested ? "expressions inside a list or map parameter are not evaluated" : Self.juelMarker))
    }

    /// The targets of every input and output mapping the element writes, in file order; for an
    /// element FlowStage passes through (an ad-hoc subprocess), those of everything inside it too.
    static func mappingTargets(_ element: FlowElement) -> [String] {
        guard case .other(let name) = element.kind, name != "adHocSubProcess" else { return mappingTargets(element.node) }
        return mappingTargets(element.node) + element.node.children.flatMap(allMappingTargets)
    }

    private static func allMappingTargets(_ node: XMLNode) -> [String] {
        guard node.namespace == BPMNNamespace.model, node.name != "extensionElements" else { return [] }
        return mappingTargets(node) + node.children.flatMap(allMappingTargets)
    }

    private static func mappingTargets(_ node: XMLNode) -> [String] {
        guard let extensions = node.child("extensionElements", in: BPMNNamespace.model) else { return mappingTargets(in: node) }
        return mappingTargets(in: extensions)
    }

    /// The mapping targets directly in `extensions` (an `extensionElements` or a `camunda:connector`).
    private static func mappingTargets(in extensions: XMLNode) -> [String] {
        var targets: [String] = []
        if let io = extensions.child("ioMapping", in: BPMNNamespace.zeebe) {
            targets += io.children.filter { $0.namespace == BPMNNamespace.zeebe }.compactMap { $0.attribute("target") }
        }
        for namespace in BPMNNamespace.camunda {
            targets += extensions.child("inputOutput", in: namespace)?.children.filter { $0.namespace == namespace }.compactMap { $0.attribute("name") } ?? []
        }
        return targets
    }

    /// A located warning for each element whose mappings FlowStage does not apply (events,
    /// embedded subprocesses): what they would set stays unset, and `validate` says so.
    mutating func warnUnappliedMappings() {
        for element in process.elements {
            let connector = BPMNNamespace.camunda.compactMap {
                element.node.child("extensionElements", in: BPMNNamespace.model)?.child("connector", in: $0)
            }.first
            guard let connector else { continue }
            let targets = Self.mappingTargets(connector)
            guard !targets.isEmpty else { continue }
            warnings.append(located(element, "\(targets.count) mapping\(targets.count == 1 ? " is" : "s are") not applied here: they are the parameters of its Camunda 7 connector, which does not run in a preview (a mock, mocks/\(element.id).json, answers for it)"))
        }
        for element in process.elements where !mapped.contains(element.id) {
            let targets = Self.mappingTargets(element)
            guard !targets.isEmpty else { continue }
            let names = targets.prefix(5).map { "“\($0)”" }.joined(separator: ", ") + (targets.count > 5 ? ", …" : "")
            warnings.append(located(element, "\(targets.count) mapping\(targets.count == 1 ? " is" : "s are") not applied here (FlowStage applies mappings on tasks, events and call activities, not on subprocesses), so \(names) \(targets.count == 1 ? "is" : "are") not set by it"))
        }
    }

    /// The Modeler's example data (`camundaModeler:exampleOutputJson`): what Camunda Play
    /// completes the job with.
    mutating func exampleData(of element: FlowElement) -> JSONValue? {
        let properties = element.node.child("extensionElements", in: BPMNNamespace.model)?.child("properties", in: BPMNNamespace.zeebe)
        guard let text = properties?.children("property", in: BPMNNamespace.zeebe)
            .first(where: { $0.attribute("name") == "camundaModeler:exampleOutputJson" })?.attribute("value") else { return nil }
        switch Result(catching: { () throws(JSONParseError) -> JSONValue in try JSONParser.parse(text) }) {
        case .success(let value) where value.objectValue != nil:
            return value
        case .success:
            warnings.append(located(element, "the example data is not a JSON object of variables; it is left out"))
        case .failure(let problem):
            warnings.append(located(element, "the example data is not JSON (\(problem)); it is left out"))
        }
        return nil
    }

    /// A connector's `resultVariable` and `resultExpression` task headers.
    mutating func connectorResult(of element: FlowElement, into node: inout [String: JSONValue]) {
        let headers = element.node.child("extensionElements", in: BPMNNamespace.model)?.child("taskHeaders", in: BPMNNamespace.zeebe)?
            .children("header", in: BPMNNamespace.zeebe) ?? []
        func header(_ key: String) -> String? {
            headers.first { $0.attribute("key") == key }?.attribute("value").flatMap { $0.trimmingWhitespace().isEmpty ? nil : $0 }
        }
        if let variable = header("resultVariable") {
            if (try? DataPath(variable)) != nil { node["resultVariable"] = .string(variable) } else {
                warnings.append(located(element, "the result variable “\(variable)” is not a variable name; the response is not stored"))
            }
        }
        if let expression = header("resultExpression") {
            switch zeebeSource(expression) {
            case .success(let compiled): node["resultExpression"] = compiled
            case .failure(let problem):
                warnings.append(located(element, "the result expression cannot be evaluated here (\(problem)); the response sets nothing through it"))
            }
        }
    }
}

extension ProcessBuilder {
    /// Camunda 7's `camunda:in` and `camunda:out` of a call activity, nil when it has none:
    /// variables by name (`source`) or expression (`sourceExpression`), or all of them (`variables="all"`).
    mutating func camunda7Passing(_ element: FlowElement) -> (input: [String: JSONValue], output: [String: JSONValue], all: (in: Bool, out: Bool))? {
        guard let extensions = element.node.child("extensionElements", in: BPMNNamespace.model) else { return nil }
        var input: [String: JSONValue] = [:], output: [String: JSONValue] = [:]
        var all = (in: false, out: false), any = false
        for namespace in BPMNNamespace.camunda {
            for (name, isInput) in [("in", true), ("out", false)] {
                for passing in extensions.children(name, in: namespace) {
                    any = true
                    if passing.attribute("variables") == "all" {
                        if isInput { all.in = true } else { all.out = true }
                        continue
                    }
                    guard let target = passing.attribute("target"), (try? DataPath(target)) != nil else { continue }
                    let value: Result<Expression, ModelExpressionProblem>
                    if let source = passing.attribute("source") {
                        if (try? DataPath(source)) != nil, let path = try? Expression(source) { value = .success(path) } else {
                            value = .failure(ModelExpressionProblem(column: nil, message: "“\(source)” is not a variable name"))
                        }
                    } else if let expression = passing.attribute("sourceExpression") {
                        value = ModelExpressions.juel(expression)
                    } else { continue }
                    switch value {
                    case .success(let expression):
                        if isInput { input[target] = expression.definitionJSON } else { output[target] = expression.definitionJSON }
                    case .failure(let problem):
                        warnings.append(located(element, "camunda:\(name) to “\(target)” cannot be evaluated here (\(problem)); “\(target)” is not passed"))
                    }
                }
            }
        }
        return any ? (input, output, all) : nil
    }
}
