import ArgumentParser
import DMN
import Definitions
import Expressions
import FEEL
import Foundation

/// `flowstage decide`: the DMN engine the server runs, on the command line and for tools.
struct DecideCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "decide",
        abstract: "Evaluate the decisions of a DMN model and show how each was reached.",
        discussion: """
            Reads MODEL.dmn with the other .dmn files of its folder (so its imports resolve) and
            evaluates the decision --decision names (its name or id), or every decision no other
            decision requires. For each decision evaluated, required decisions first, it prints
            the result; for a decision table also the inputs' values and the rules that matched,
            with their annotations. Load errors (file:line:column) and evaluation warnings go to
            standard error (docs/reference/dmn.md).

            Examples:
              flowstage decide dish.dmn --context '{"season": "Winter", "guestCount": 8}'
              flowstage decide dish.dmn --decision Dish --context '{"season": "Fall"}'
              echo '{"model": "dish.dmn", "decision": "Dish", "contextExpression": "{season: \\"Fall\\", guestCount: 4}"}' | flowstage decide --jsonl

            --jsonl reads one JSON object per line from standard input: "model" (the path of a
            .dmn file), "decision" (a name or id) or "invoke" (a business knowledge model or
            decision service, called with its parameters by name), and "contextExpression" (a
            FEEL context; inputs of an imported model nested under the import's name) or
            "context" (JSON). It writes one line per input as `flowstage feel --jsonl` does:
            {"type": "…", "value": …} ("warnings" when there are some), or {"error": "…"}.
            Each model is read once per run.
            """)

    @Argument(help: "The DMN file; the other .dmn files of its folder are read with it.")
    var model: String?

    @ArgumentParser.Option(help: "The decision to evaluate, by name or id (default: every decision no other decision requires).")
    var decision: String?

    @ArgumentParser.Option(help: "The input data and other variables, as a JSON object.")
    var context: String?

    @Flag(help: "Read JSON lines from standard input and answer each with a JSON line.")
    var jsonl = false

    func validate() throws {
        if jsonl && (model != nil || decision != nil || context != nil) {
            throw ValidationError("--jsonl reads its models and decisions from standard input; give no model, --decision or --context")
        }
        if !jsonl && model == nil { throw ValidationError("give a .dmn file, or --jsonl") }
    }

    func run() throws {
        if jsonl {
            var models = DecisionFiles()
            try JSONLines.answer { line, number in DecideCommand.answer(line, number: number, models: &models) }
            return
        }
        var values: [String: FEELValue] = [:]
        if let context {
            guard let given = try? JSONParser.parse(context), case .object(let members) = given else {
                throw ValidationError("--context must be a JSON object, such as '{\"amount\": 1500}'")
            }
            values = members.mapValues(FEELValue.init(json:))
        }
        var files = DecisionFiles()
        let models: DMNModels
        switch files.load(model ?? "") {
        case .success(let loaded): models = loaded
        case .failure(let problem):
            for error in problem.errors { Terminal.error("error: \(error)") }
            Terminal.error("\(problem.errors.count) error\(problem.errors.count == 1 ? "" : "s") in \(model ?? ""); fix them and run again")
            throw ExitCode.failure
        }
        for warning in files.warnings { Terminal.error("warning: \(warning)") }
        let evaluator = DMNEvaluator()
        let evaluated = decision.map { evaluator.evaluate(decision: $0, in: models, context: values) }
            ?? evaluator.evaluateAll(in: models, context: values)
        switch evaluated {
        case .failure(let error):
            Terminal.error("error: \(error.message)")
            throw ExitCode.failure
        case .success(let result):
            guard !result.trace.isEmpty else {
                Terminal.error("error: model \"\(models.main.name)\" has no decisions; a business knowledge model or decision service is called with --jsonl and \"invoke\"")
                throw ExitCode.failure
            }
            print(DecisionReport.text(result.trace, in: models))
            for warning in result.warnings { Terminal.error("warning: " + warning) }
        }
    }

    /// One `--jsonl` answer, as a JSON line.
    static func answer(_ line: String, number: Int, models files: inout DecisionFiles) -> String {
        func failure(_ message: String) -> String { JSONLines.error(message, line: number) }
        guard case .object(let request)? = try? JSONParser.parse(line), case .string(let path)? = request["model"] else {
            return failure("not a JSON object with \"model\" (the path of a .dmn file), \"decision\" or \"invoke\" (a name), and \"contextExpression\"")
        }
        var values: [String: FEELValue] = [:]
        switch (request["context"], request["contextExpression"]) {
        case (nil, nil): break
        case (.object(let members)?, nil): values = members.mapValues(FEELValue.init(json:))
        case (_?, nil): return failure("\"context\" must be a JSON object, such as {\"amount\": 1500}")
        case (nil, let written?):
            switch JSONLines.feelContext(written) {
            case .success(let given): values = Dictionary(zip(given.keys, given.values), uniquingKeysWith: { $1 })
            case .failure(let problem): return failure(problem.message)
            }
        case (_?, _?): return failure("give \"context\" (a JSON object) or \"contextExpression\" (a FEEL context), not both")
        }
        let models: DMNModels
        switch files.load(path) {
        case .success(let loaded): models = loaded
        case .failure(let problem):
            let shown = problem.errors.prefix(5).map(\.description)
            return failure(shown.joined(separator: "; ") + (problem.errors.count > 5 ? "; and \(problem.errors.count - 5) more" : ""))
        }
        let evaluator = DMNEvaluator()
        let evaluated: Result<DecisionResult, DMNError>
        switch (request["decision"], request["invoke"]) {
        case (.string(let name)?, nil): evaluated = evaluator.evaluate(decision: name, in: models, context: values)
        case (nil, .string(let name)?): evaluated = evaluator.invoke(name, in: models, arguments: values)
        case (nil, nil): evaluated = evaluator.evaluateAll(in: models, context: values)
        case (_?, _?): return failure("give \"decision\" (a decision) or \"invoke\" (a business knowledge model or decision service), not both")
        default: return failure("\"decision\" and \"invoke\" must be strings: a name or an id")
        }
        switch evaluated {
        case .success(let result): return JSONLines.value(result.value, warnings: result.warnings)
        case .failure(let error): return failure(error.message)
        }
    }
}

/// DMN files read for `decide`, each with the other `.dmn` files of its folder so its imports
/// resolve, once per path in a run.
struct DecisionFiles {
    struct Refused: Error { let errors: [LoadError] }

    private var read: [String: Result<DMNModels, Refused>] = [:]
    /// Warnings of the files read so far (problems of other files of the folder among them).
    private(set) var warnings: [LoadError] = []

    /// The models `path` evaluates with: its own and the other models of its folder. Errors
    /// of the file and of the files it imports refuse it; those of other files are warnings.
    mutating func load(_ path: String) -> Result<DMNModels, Refused> {
        let key = URL(fileURLWithPath: path).standardizedFileURL.path
        if let known = read[key] { return known }
        let loaded = Self.read(path, warnings: &warnings)
        read[key] = loaded
        return loaded
    }

    private static func read(_ path: String, warnings: inout [LoadError]) -> Result<DMNModels, Refused> {
        func refused(_ message: String) -> Result<DMNModels, Refused> { .failure(Refused(errors: [LoadError(file: path, pointer: "", message: message)])) }
        let url = URL(fileURLWithPath: path)
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) else {
            return refused("no such file; give the path of a .dmn file")
        }
        guard !isFolder.boolValue else { return refused("is a folder; give the path of a .dmn file in it") }
        guard let bytes = FileManager.default.contents(atPath: url.path) else { return refused("cannot be read; check its permissions") }
        var files: [(path: String, bytes: [UInt8])] = [(path, Array(bytes))]
        // The other files as `path` names its folder, so every message points where the user looks.
        let folderText = (path as NSString).deletingLastPathComponent
        let folder = url.deletingLastPathComponent()
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        for name in names.sorted() where name.lowercased().hasSuffix(".dmn") && name != url.lastPathComponent {
            let shown = folderText.isEmpty ? name : (folderText as NSString).appendingPathComponent(name)
            guard let other = FileManager.default.contents(atPath: folder.appendingPathComponent(name).path) else {
                warnings.append(LoadError(file: shown, pointer: "", message: "cannot be read; its models are not available to imports"))
                continue
            }
            files.append((shown, Array(other)))
        }
        let result = DMNFile.read(files)
        // The files the model reaches through its imports (and theirs).
        var reached: Set<String> = [path]
        if let index = result.files.firstIndex(of: path) {
            var namespaces: [String] = result.models[index].imports.map(\.namespace)
            var seen: Set<String> = [result.models[index].namespace]
            while let namespace = namespaces.popLast() {
                guard seen.insert(namespace).inserted, let found = result.models.firstIndex(where: { $0.namespace == namespace }) else { continue }
                reached.insert(result.files[found])
                namespaces += result.models[found].imports.map(\.namespace)
            }
        }
        let errors = result.errors.filter { reached.contains($0.file) }
        warnings += result.warnings.filter { reached.contains($0.file) }
        warnings += result.errors.filter { !reached.contains($0.file) }
        warnings += result.warnings.filter { !reached.contains($0.file) }
        guard errors.isEmpty else { return .failure(Refused(errors: errors)) }
        guard let index = result.files.firstIndex(of: path) else { return refused("holds no DMN definitions") }
        return .success(result.models(for: result.models[index]))
    }
}

/// The trace of an evaluation as plain, aligned text: each decision with its result, a
/// decision table with its inputs' values and matched rules.
enum DecisionReport {
    static func text(_ trace: [DecisionTrace], in models: DMNModels) -> String {
        trace.map { decision(of: $0, in: models) }.joined(separator: "\n\n")
    }

    /// The longest value shown in a table's cell; the result is shown whole.
    static let maximumCell = 60

    private static func decision(of traced: DecisionTrace, in models: DMNModels) -> String {
        let found = ([models.main] + models.others).lazy.compactMap { model in
            model.decisions.first { $0.id == traced.id && $0.name == traced.name }
        }.first
        var table: DecisionTable?
        if case .decisionTable(let logic)? = found?.logic?.kind { table = logic }
        var rows: [[String]] = []
        var heading = traced.name + "  (" + logicName(traced.logic)
        if let table {
            heading += ", " + table.hitPolicy.rawValue + (table.aggregation.map { " " + $0.rawValue } ?? "")
            let outputs = table.outputs.map { one(($0.name ?? $0.label ?? table.outputLabel ?? traced.name)) }
            let annotated = traced.matchedRules.contains { !$0.annotations.isEmpty }
            rows.append([""] + traced.inputs.map { one($0.label) } + ["|"] + outputs + (annotated ? ["|", "annotation"] : []))
            rows.append(["value"] + traced.inputs.map { cell($0.value.literal) })
            for rule in traced.matchedRules {
                rows.append(["rule \(rule.number)"] + rule.inputEntries.map(one) + ["|"] + rule.outputEntries.map(one)
                            + (annotated ? ["|", one(rule.annotations.joined(separator: "; "))] : []))
            }
            if traced.matchedRules.isEmpty { rows.append(["rules", "none matched"]) }
        } else {
            for (index, input) in traced.inputs.enumerated() {
                rows.append([index == 0 ? "requires" : "", one(input.label), cell(input.value.literal)])
            }
        }
        rows.append(["result", traced.result.literal])
        return ([heading + ")"] + aligned(rows).map { "  " + $0 }).joined(separator: "\n")
    }

    private static func logicName(_ element: String) -> String {
        switch element {
        case "decisionTable": "decision table"
        case "literalExpression": "literal expression"
        case "functionDefinition": "function"
        case "none": "no logic"
        default: element
        }
    }

    /// A text on one line (entries and labels may span several).
    private static func one(_ text: String) -> String {
        text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
    }

    private static func cell(_ text: String) -> String {
        let line = one(text)
        return line.count > maximumCell ? String(line.prefix(maximumCell - 1)) + "…" : line
    }

    /// Rows padded into columns. A row's last cell pads nothing after it, so it sets no width.
    private static func aligned(_ rows: [[String]]) -> [String] {
        var widths: [Int] = []
        for row in rows {
            for (column, text) in row.dropLast().enumerated() {
                if column == widths.count { widths.append(0) }
                widths[column] = max(widths[column], text.count)
            }
        }
        return rows.map { row in
            row.enumerated().map { column, text in
                column < row.count - 1 ? text.padding(toLength: widths[column], withPad: " ", startingAt: 0) : text
            }.joined(separator: "  ").replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression)
        }
    }
}
