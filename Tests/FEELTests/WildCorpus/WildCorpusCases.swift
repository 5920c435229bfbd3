import Testing

/// One checked evaluation of a corpus expression: the variables a process (or form, or
/// decision) would have at that point, and the value the model means it to give. Each expected
/// value was worked out by hand from DMN 1.5 and Camunda 8 (feel-scala) semantics
/// (../research/feel-camunda-semantics.md, feel-builtins.md), never copied from the engine.
struct WildCase: Sendable, CustomTestStringConvertible {
    /// How a row names its corpus text.
    enum Source: Sendable {
        /// The text exactly as in the corpus (as the readers give it).
        case text(String)
        /// A text too long to repeat here (LLM prompts, large payloads: copying them would copy the
        /// corpus into the repository): its first characters, its length in UTF-8 bytes and its
        /// FNV-1a 64-bit hash, which name it as surely.
        case long(start: String, utf8Count: Int, fnv1a: UInt64)

        func matches(_ text: String) -> Bool {
            switch self {
            case .text(let source): return source == text
            case .long(let start, let count, let hash):
                return text.hasPrefix(start) && text.utf8.count == count && WildCase.fnv1a(text) == hash
            }
        }

        var shortText: String {
            switch self {
            case .text(let source): source.count > 70 ? String(source.prefix(70)) + "…" : source
            case .long(let start, let count, _): start + "… (\(count) bytes)"
            }
        }
    }

    /// What the evaluation must give.
    enum Expected: Sendable {
        /// The value as `FEELValue.literal` writes it (`"GREEN"`, `1500`, `[1, 2]`, `{a: 1}`, `null`;
        /// temporal values in their ISO text, `2024-06-01`).
        case value(String)
        /// A FEEL condition on `value` that must be true, for a value too long to write out (a prompt
        /// built from the corpus's text) or one drawn at random (`random number()`, `uuid()`).
        case satisfies(String)
    }

    let kind: CorpusExpression.Kind
    let source: Source
    /// The variables, as a FEEL context literal (`{amount: 1500}`).
    let variables: String
    /// Unary tests only: the input value, as FEEL.
    let input: String?
    let expected: Expected

    var testDescription: String {
        (kind == .unaryTests ? "unary tests " : "") + source.shortText + " with " + (input.map { "input \($0), " } ?? "") + variables
    }

    static func fnv1a(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        return hash
    }
}

/// Short constructors, so the table reads as source → variables → value.
extension WildCase {
    /// An expression with `variables`, expected to give `value` (FEEL literal).
    static func e(_ source: String, _ variables: String, _ value: String) -> WildCase {
        WildCase(kind: .expression, source: .text(source), variables: variables, input: nil, expected: .value(value))
    }

    /// An expression whose value must satisfy `condition` (on `value`).
    static func e(_ source: String, _ variables: String, satisfies condition: String) -> WildCase {
        WildCase(kind: .expression, source: .text(source), variables: variables, input: nil, expected: .satisfies(condition))
    }

    /// A long expression, named by its start, UTF-8 length and FNV-1a hash, expected to give `value`.
    static func long(_ start: String, bytes: Int, fnv1a: UInt64, _ variables: String, value: String) -> WildCase {
        WildCase(kind: .expression, source: .long(start: start, utf8Count: bytes, fnv1a: fnv1a), variables: variables, input: nil,
                 expected: .value(value))
    }

    /// A long expression whose value must satisfy `condition`.
    static func long(_ start: String, bytes: Int, fnv1a: UInt64, _ variables: String, satisfies condition: String) -> WildCase {
        WildCase(kind: .expression, source: .long(start: start, utf8Count: bytes, fnv1a: fnv1a), variables: variables, input: nil,
                 expected: .satisfies(condition))
    }

    /// Unary tests (an input entry) given `input`, expected to give `true`, `false` or `null`.
    static func u(_ source: String, input: String, _ value: String) -> WildCase {
        u(source, input: input, variables: "{}", value)
    }

    /// Unary tests that also read variables (`< (GryffindorScore-20)`).
    static func u(_ source: String, input: String, variables: String, _ value: String) -> WildCase {
        WildCase(kind: .unaryTests, source: .text(source), variables: variables, input: input, expected: .value(value))
    }

    /// Constants (literals whose value is written as the text itself: `"GREEN"`, `100`, `true`).
    static func constants(_ sources: String...) -> [WildCase] {
        sources.map { e($0, "{}", $0) }
    }
}

/// The table: every distinct FEEL text of the corpus has at least one row. Split by what holds
/// the text into `WildCorpusCases+Decisions.swift` (DMN), `+Processes.swift` (BPMN),
/// `+Agents.swift` and `+ReturnsAgents.swift` (the BPMN of the AI-agent examples) and
/// `+Forms.swift` (form-js).
enum WildCorpusCases {
    static let all: [WildCase] = decisions + processes + agents1 + agents2 + forms
}
