import ArgumentParser
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
        var variables = FEELContext()
        if let context {
            guard case .context(let given)? = FEELJSON.read(context) else {
                throw ValidationError("--context must be a JSON object, such as '{\"amount\": 1500}'")
            }
            variables = given
        }
        let compiled: FEELExpression
        do {
            compiled = try FEELExpression(expression ?? "")
        } catch {
            Terminal.error("the expression does not parse at column \(error.column): \(error.message)")
            throw ExitCode.failure
        }
        let result = compiled.evaluate(variables)
        print("\(result.value.literal)  (\(result.value.typeName))")
        for warning in result.warnings { Terminal.error("warning: " + warning.description) }
    }

    /// One `--jsonl` answer, as a JSON line.
    static func answer(_ line: String, number: Int) -> String {
        guard case .context(let request)? = FEELJSON.read(line), case .string(let source)? = request["expression"] else {
            return FEELJSON.write(.context(FEELContext([("error", .string(
                "line \(number) is not a JSON object with \"expression\" (a string) and \"context\" or \"contextExpression\""))])))
        }
        var variables = FEELContext()
        switch (request["context"], request["contextExpression"]) {
        case (.context(let given)?, nil):
            variables = given
        case (nil, .string(let text)?):
            guard let written = try? FEELExpression(text), case .context(let given) = written.evaluate().value else {
                return FEELJSON.write(.context(FEELContext([("error", .string(
                    "line \(number): contextExpression must be a FEEL context such as {d: date(\"2024-01-31\")}"))])))
            }
            variables = given
        case (nil, nil):
            break
        default:
            return FEELJSON.write(.context(FEELContext([("error", .string(
                "line \(number): give \"context\" (a JSON object) or \"contextExpression\" (a FEEL context), not both"))])))
        }
        do {
            let result = try FEELExpression(source).evaluate(variables)
            var answer = FEELContext([("type", .string(result.value.typeName)), ("value", result.value)])
            if !result.warnings.isEmpty { answer["warnings"] = .list(result.warnings.map { .string($0.description) }) }
            return FEELJSON.write(.context(answer))
        } catch {
            return FEELJSON.write(.context(FEELContext([("error", .string(error.message)), ("column", .number(error.column))])))
        }
    }
}
