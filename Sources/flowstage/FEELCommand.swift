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
            var number = 0
            while let line = readLine(strippingNewline: true) {
                number += 1
                if line.allSatisfy(\.isWhitespace) { continue }
                print(FEELCommand.answer(line, number: number))
            }
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
        func failure(_ message: String) -> String { FEELJSON.write(.context(FEELContext([("error", .string("line \(number): " + message))]))) }
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
        case (nil, .string(let text)?):
            guard let written = try? FEELExpression(text), case .context(let given) = written.evaluate().value else {
                return failure("\"contextExpression\" must be a FEEL context such as {d: date(\"2024-01-31\")}")
            }
            result = compiled.evaluate(given)
        case (nil, _?):
            return failure("\"contextExpression\" must be a string holding a FEEL context such as {d: date(\"2024-01-31\")}")
        case (_?, _?):
            return failure("give \"context\" (a JSON object) or \"contextExpression\" (a FEEL context), not both")
        }
        var answer = FEELContext([("type", .string(result.value.typeName)), ("value", result.value)])
        if !result.warnings.isEmpty { answer["warnings"] = .list(result.warnings.map { .string($0.description) }) }
        return FEELJSON.write(.context(answer))
    }
}
