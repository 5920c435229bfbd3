import ArgumentParser
import Expressions
import FEEL
import Foundation

/// `flowstage feel`: the FEEL engine the server runs, on the command line and for tools.
struct FEELCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "feel",
        abstract: "Evaluate a FEEL expression and print its value and FEEL type.",
        discussion: """
            The same engine the server runs for Camunda models and forms (docs/reference/feel.md).
            Warnings (a name that is not set, a wrong type) go to standard error.

            Examples:
              flowstage feel '0.1 + 0.2'
              flowstage feel 'amount > 1000 and approved' --context '{"amount": 1500, "approved": true}'
              echo '{"expression": "d + duration(\\"P1M\\")", "contextExpression": "{d: date(\\"2024-01-31\\")}"}' | flowstage feel --jsonl

            --jsonl reads one JSON object per line from standard input, with "expression" and
            either "context" (JSON) or "contextExpression" (a FEEL context, so values can be typed),
            and writes one line per input: {"type": "…", "value": …} (dates and durations as ISO
            8601 text, a range as {"start", "end", "startIncluded", "endIncluded"}; "warnings" when
            there are some), or {"error": "…", "column": N} for an expression that does not parse.
            """)

    @Argument(help: "The FEEL expression (without a leading =).")
    var expression: String?

    @Option(help: "The variables, as a JSON object.")
    var context: String?

    @Flag(help: "Read JSON lines from standard input and answer each with a JSON line.")
    var jsonl = false

    func validate() throws {
        if jsonl && (expression != nil || context != nil) {
            throw ValidationError("--jsonl reads its expressions from standard input; give no expression or --context")
        }
        if !jsonl && expression == nil { throw ValidationError("give an expression, or --jsonl") }
    }

    func run() throws {
        if jsonl {
            try JSONLines.answer { line, number in FEELCommand.answer(line, number: number) }
            return
        }
        var data: JSONValue = [:]
        if let context {
            guard let given = try? JSONParser.parse(context), case .object = given else {
                throw ValidationError("--context must be a JSON object, such as '{\"amount\": 1500}'")
            }
            data = given
        }
        let compiled: FEELExpression
        do {
            compiled = try FEELExpression(expression ?? "")
        } catch {
            Terminal.error("the expression does not parse at column \(error.column): \(error.message)")
            throw ExitCode.failure
        }
        let result = compiled.evaluate(in: EvaluationScope(data: data))
        print("\(result.value.literal)  (\(result.value.typeName))")
        for warning in result.warnings { Terminal.error("warning: " + warning.description) }
    }

    /// One `--jsonl` answer, as a JSON line. A `context` is data, read as the server reads an
    /// instance's; a `contextExpression` gives FEEL values as they are (dates stay dates).
    static func answer(_ line: String, number: Int) -> String {
        func failure(_ message: String) -> String { JSONLines.error(message, line: number) }
        guard case .object(let request)? = try? JSONParser.parse(line), case .string(let source)? = request["expression"] else {
            return failure("not a JSON object with \"expression\" (a string) and \"context\" or \"contextExpression\"")
        }
        let compiled: FEELExpression
        do {
            compiled = try FEELExpression(source)
        } catch {
            return FEELJSON.write(.context(FEELContext([("error", .string(error.message)), ("column", .number(error.column))])))
        }
        let result: FEELResult
        switch (request["context"], request["contextExpression"]) {
        case (nil, nil):
            result = compiled.evaluate(in: EvaluationScope(data: [:]))
        case (.object?, nil):
            result = compiled.evaluate(in: EvaluationScope(data: request["context"]!))
        case (_?, nil):
            return failure("\"context\" must be a JSON object, such as {\"amount\": 1500}")
        case (nil, let written?):
            switch JSONLines.feelContext(written) {
            case .success(let given): result = compiled.evaluate(given)
            case .failure(let problem): return failure(problem.message)
            }
        case (_?, _?):
            return failure("give \"context\" (a JSON object) or \"contextExpression\" (a FEEL context), not both")
        }
        return JSONLines.value(result.value, warnings: result.warnings.map(\.description))
    }
}

/// The line protocol of `feel --jsonl` and `decide --jsonl`: one JSON object a line in, one
/// JSON object a line out, `{"type": …, "value": …}` (and `"warnings"`) or `{"error": …}`.
/// Lines are bounded so a tool that sends too much gets told, not a process that grows.
enum JSONLines {
    /// The longest line read; a longer one is answered with an error and skipped.
    static let maximumLineBytes = 1 << 20
    /// The most lines one run reads; the run stops with an error line after them.
    static let maximumLines = 100_000

    /// A value with its FEEL type, as a JSON line.
    static func value(_ value: FEELValue, warnings: [String]) -> String {
        var answer = FEELContext([("type", .string(value.typeName)), ("value", value)])
        if !warnings.isEmpty { answer["warnings"] = .list(warnings.map { .string($0) }) }
        return FEELJSON.write(.context(answer))
    }

    /// What was wrong with input line `line`, as a JSON line.
    static func error(_ message: String, line: Int) -> String {
        FEELJSON.write(.context(FEELContext([("error", .string("line \(line): " + message))])))
    }

    struct Problem: Error { let message: String }

    /// A request's `"contextExpression"`: a FEEL context literal, so values can be typed.
    static func feelContext(_ written: JSONValue) -> Result<FEELContext, Problem> {
        guard case .string(let text) = written else {
            return .failure(Problem(message: "\"contextExpression\" must be a string holding a FEEL context such as {d: date(\"2024-01-31\")}"))
        }
        guard let expression = try? FEELExpression(text), case .context(let given) = expression.evaluate().value else {
            return .failure(Problem(message: "\"contextExpression\" must be a FEEL context such as {d: date(\"2024-01-31\")}"))
        }
        return .success(given)
    }

    /// Answers each line of standard input that is not blank with `respond(line, number)`,
    /// flushed at once so a tool waiting for the answer gets it. A line longer than
    /// `maximumLineBytes` is answered with an error; after `maximumLines` lines the run stops
    /// with an error line and exit status 1.
    static func answer(_ respond: (String, Int) -> String) throws {
        var line: [UInt8] = []
        var overlong = false
        var number = 0
        func emit(_ answer: String) {
            print(answer)
            fflush(nil)
        }
        func finish() -> Bool {
            number += 1
            defer { line.removeAll(keepingCapacity: true); overlong = false }
            if number > maximumLines {
                emit(error("more than \(maximumLines) lines in one run; send the rest in another run", line: number))
                return false
            }
            if overlong {
                emit(error("longer than \(maximumLineBytes) bytes; send a smaller request (a model is read from its file, not sent)", line: number))
                return true
            }
            if line.last == UInt8(ascii: "\r") { line.removeLast() }
            let text = String(decoding: line, as: UTF8.self)
            if !text.allSatisfy(\.isWhitespace) { emit(respond(text, number)) }
            return true
        }
        func append(_ bytes: Data.SubSequence) {
            guard !overlong else { return }
            if line.count + bytes.count > maximumLineBytes {
                overlong = true
                line.removeAll(keepingCapacity: true)
            } else {
                line.append(contentsOf: bytes)
            }
        }
        while true {
            let chunk = FileHandle.standardInput.availableData
            if chunk.isEmpty { break }
            var start = chunk.startIndex
            while let newline = chunk[start...].firstIndex(of: UInt8(ascii: "\n")) {
                append(chunk[start..<newline])
                guard finish() else { throw ExitCode.failure }
                start = chunk.index(after: newline)
            }
            append(chunk[start...])
        }
        if !line.isEmpty || overlong {
            guard finish() else { throw ExitCode.failure }
        }
    }
}
