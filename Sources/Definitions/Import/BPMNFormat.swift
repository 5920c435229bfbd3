import Expressions

/// BPMN 2.0 models (`.bpmn`, `.bpmn20.xml`) and Camunda forms (`.form`), found anywhere in a
/// project: every executable process (and every process a pool shows) becomes a FlowStage
/// process named by its id and titled by its name; a form no model uses is offered on its own.
public struct BPMNFormat: ProcessFormat {
    public init() {}

    public func reads(_ file: String) -> Bool {
        let lower = file.lowercased()
        return lower.hasSuffix(".bpmn") || lower.hasSuffix(".bpmn20.xml") || lower.hasSuffix(".form")
    }

    public func load(_ files: [ProjectFile], context: ImportContext) -> ImportedProcesses {
        var result = ImportedProcesses()
        let forms = FormCatalog(files.filter { $0.path.lowercased().hasSuffix(".form") })
        result.warnings += forms.warnings

        // Read every model first: call activities name processes of other files.
        var models: [Model] = []
        var processNames: [String: String] = [:]
        var taken = Set<String>()
        for file in files where !file.path.lowercased().hasSuffix(".form") {
            let root: XMLNode
            switch XMLTreeReader.read(file.bytes) {
            case .success(let parsed): root = parsed
            case .failure(let problem):
                result.errors.append(LoadError(file: file.path, pointer: "", message: problem.message, line: problem.line, column: problem.column))
                continue
            }
            var reader = BPMNReader(file: file.path)
            var model = Model(file: file.path, definitionNames: BPMNFormat.definitionNames(root), errorCodes: BPMNFormat.errorCodes(root),
                              forEngine7: BPMNFormat.isForEngine7(root))
            let processes = reader.read(root)
            // A file whose references are broken is reported, not half-built.
            for process in reader.errors.isEmpty ? processes : [] {
                var name = process.id, counter = 1
                while taken.contains(name) || context.processNames.contains(name) {
                    counter += 1
                    name = "\(process.id)_\(counter)"
                }
                if name != process.id {
                    result.warnings.append(LoadError(file: file.path, pointer: "/" + process.id,
                        message: "another process of the project already has the id \(process.id); this one is served as \(name)",
                        line: process.line, column: process.column))
                }
                processNames[process.id] = processNames[process.id] ?? name
                taken.insert(name)
                var diagrams = DiagramReader(file: file.path)
                model.processes.append((process, name, diagrams.read(root, process: process)))
                result.warnings += diagrams.warnings
            }
            result.errors += reader.errors
            result.warnings += reader.warnings
            if !reader.skipped.isEmpty { result.summaries.append(ImportSummary(file: file.path, lines: reader.skipped)) }
            models.append(model)
        }

        var usedForms = Set<String>()
        for model in models {
            for (process, name, diagram) in model.processes {
                var builder = ProcessBuilder(file: model.file, process: process, forms: forms,
                                             processNames: processNames.merging(context.processNames.map { ($0, $0) }) { bpmn, _ in bpmn },
                                             definitionNames: model.definitionNames, errorCodes: model.errorCodes, forEngine7: model.forEngine7, validators: context.validators,
                                             mocks: context.mocks, decisions: context.decisions)
                let built = builder.build()
                result.errors += builder.errors
                result.warnings += builder.warnings
                usedForms.formUnion(builder.usedForms)
                result.summaries.append(ImportSummary(file: model.file, lines: ["process \(name) “\(builder.title)”"] + builder.summary.map { "  " + $0 }))
                guard case .object(var fields)? = built, builder.errors.isEmpty else { continue }
                fields["name"] = .string(name)
                let decoded = ProcessJSON.decode(.object(fields), file: model.file, fallbackName: name, validators: context.validators)
                result.errors += decoded.errors.map { BPMNFormat.relocate($0, isError: true, origins: builder.origins) }
                // A form's problems (a template's unclosed section) were said at the form itself;
                // decoding the generated process meets them again.
                let said = Set((forms.warnings + builder.warnings).map(\.message))
                result.warnings += decoded.warnings.filter { !said.contains($0.message) }
                    .map { BPMNFormat.relocate($0, isError: false, origins: builder.origins) }
                if let definition = decoded.process {
                    result.processes.append(located(definition, origins: builder.origins, diagram: diagram))
                }
            }
        }

        for form in forms.forms where !usedForms.contains(form.file) {
            let (definition, problems, notes) = standalone(form, taken: Set(result.processes.map(\.name)), context: context)
            result.warnings += problems
            if let definition {
                result.processes.append(definition)
                result.summaries.append(ImportSummary(file: form.file, lines: ["no model uses this form: offered on its own as process \(definition.name)"] + notes.map { "  " + $0 }))
            }
        }
        return result
    }

    /// One model file: its processes with the names they are served by.
    private struct Model {
        let file: String
        let definitionNames: [String: String]
        let errorCodes: [String: String]
        let forEngine7: Bool
        var processes: [(process: BPMNProcess, name: String, diagram: ProcessDiagram?)] = []
    }

    /// A form no model uses, as a one-screen process: the form-js playground's job, with data.
    private func standalone(_ form: FormCatalog.Form, taken: Set<String>, context: ImportContext)
        -> (ProcessDefinition?, [LoadError], [String]) {
        var mapper = FormJSMapper(file: form.file)
        let mapped = mapper.map(form.schema)
        let stem = form.file.split(separator: "/").last.map { String($0.dropLast(".form".count)) } ?? form.file
        var name = "form-" + String((form.id ?? stem).map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" ? $0 : "-" })
        var counter = 1
        while taken.contains(name) { counter += 1; name = "form-\(stem)-\(counter)" }
        let json: JSONValue = [
            "name": .string(name), "title": .string("Form: " + stem),
            "nodes": [["id": "start", "type": "start", "next": "form"],
                      ["id": "form", "type": "userTask", "title": .string(stem),
                       "screen": .array(mapped.components + [mapped.completeButton("Submit")]),
                       "actions": .array([mapped.completeAction(next: "done")] + mapped.actions)],
                      ["id": "done", "type": "end", "outcome": "completed", "message": "The form was submitted."]]]
        let decoded = ProcessJSON.decode(json, file: form.file, fallbackName: name, validators: context.validators)
        return (decoded.process, mapped.warnings + decoded.errors + decoded.warnings, mapped.notes)
    }

    /// A finding of the JSON decoder in the generated process, placed at the model element: an
    /// error says the element could not be mapped; a warning (the element was mapped and runs)
    /// is the decoder's own words.
    static func relocate(_ finding: LoadError, isError: Bool, origins: [Int: FlowElement]) -> LoadError {
        let parts = finding.pointer.split(separator: "/")
        guard parts.count >= 2, parts[0] == "nodes", let index = Int(parts[1]), let element = origins[index] else { return finding }
        let place = "at \(finding.pointer) of the generated process"
        let message = isError ? "FlowStage could not map this element: \(finding.message) (\(place))" : "\(finding.message) (\(place))"
        return LoadError(file: finding.file, pointer: "/" + element.id, message: message, line: element.line, column: element.column)
    }

    /// The process with each node's pointer naming its model element (`/Task_1`), so lint
    /// warnings point into the model, not into the generated JSON.
    private func located(_ process: ProcessDefinition, origins: [Int: FlowElement], diagram: ProcessDiagram?) -> ProcessDefinition {
        let nodes = process.nodes.enumerated().map { index, node in
            Node(id: node.id, kind: node.kind, next: node.next, pointer: JSONPointer("/" + (origins[index]?.id ?? node.id)),
                 locals: node.locals, results: node.results)
        }
        return ProcessDefinition(name: process.name, title: process.title, navigation: process.navigation, modal: process.modal,
                                 data: process.data, params: process.params, nodes: nodes, file: process.file, diagram: diagram)
    }

    /// Names of messages, signals, errors and escalations by id, to name events on buttons.
    static func definitionNames(_ root: XMLNode) -> [String: String] {
        var names: [String: String] = [:]
        for child in root.children where child.namespace == BPMNNamespace.model
            && ["message", "signal", "error", "escalation"].contains(child.name) {
            if let id = child.attribute("id") { names[id] = child.attribute("name") ?? child.attribute("errorCode") ?? id }
        }
        return names
    }

    /// Whether the model is made for Camunda 7 or Flowable (whose call activities pass only the
    /// variables `in`/`out` name): its Modeler says "Camunda Platform", or it writes their
    /// extensions and none of Camunda 8's.
    static func isForEngine7(_ root: XMLNode) -> Bool {
        if let platform = root.attribute("executionPlatform", in: BPMNNamespace.modeler) { return platform == "Camunda Platform" }
        var engine7 = false
        func visit(_ node: XMLNode) -> Bool {
            if node.namespace == BPMNNamespace.zeebe || node.attributes.contains(where: { $0.namespace == BPMNNamespace.zeebe }) { return false }
            if BPMNNamespace.engine.contains(node.namespace) || node.attributes.contains(where: { BPMNNamespace.engine.contains($0.namespace) }) {
                engine7 = true
            }
            return node.children.allSatisfy(visit)
        }
        return visit(root) && engine7
    }

    /// Each `<error>`'s id → its `errorCode`, for matching a thrown error with its catcher.
    static func errorCodes(_ root: XMLNode) -> [String: String] {
        var codes: [String: String] = [:]
        for child in root.children where child.namespace == BPMNNamespace.model && child.name == "error" {
            if let id = child.attribute("id"), let code = child.attribute("errorCode"), !code.isEmpty { codes[id] = code }
        }
        return codes
    }
}
