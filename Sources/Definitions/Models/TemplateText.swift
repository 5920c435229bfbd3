import Expressions

/// form-js's `{{#if condition}}…{{/if}}` or `{{#loop list}}…{{/loop}}` in a text (the feelers
/// templating language): its FEEL and the parts it shows.
public struct TemplateSection: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable { case `if`, loop }

    public let kind: Kind
    public let expression: Expression
    public let body: [Text.Part]

    /// The data each showing of the body reads: `#if` once when its value is truthy as
    /// JavaScript has it (as form-js: `0`, `""`, `false` and null are not), `#loop` once per
    /// item of its list (a single value is a list of one), where `this` is the item, `parent`
    /// the data around it, and an object item's entries are names of their own.
    func scopes(in data: JSONValue) -> [JSONValue] {
        let value = expression.evaluate(in: TemplateSection.scope(data)).value
        switch kind {
        case .if:
            let shown: Bool = switch value {
            case .null: false
            case .bool(let flag): flag
            case .number(let number): number != 0 && !number.isNaN
            case .string(let text): !text.isEmpty
            case .array, .object: true
            }
            return shown ? [data] : []
        case .loop:
            let items: [JSONValue] = switch value {
            case .null: []
            case .array(let items): items
            default: [value]
            }
            return items.map { item in
                var scope: [String: JSONValue] = [:]
                if case .object(let members) = item { scope = members }
                for name in ["this", "_this_"] { scope[name] = item }
                for name in ["parent", "_parent_"] { scope[name] = data }
                return .object(scope)
            }
        }
    }

    /// What `{{expression}}` shows: FEEL's `string()` of the value, nothing for null.
    static func shown(_ expression: Expression, in data: JSONValue) -> JSONValue {
        .string(expression.shownText(in: scope(data)))
    }

    /// The scope a text's FEEL sees: inside a collection's item, the data holds `$item` and `$index`.
    public static func scope(_ data: JSONValue) -> EvaluationScope {
        EvaluationScope(data: data, item: data["$item"], itemIndex: data["$index"]?.numberValue.map { Int($0) })
    }
}

/// Why a form-js text did not read as a template (the text's place is the reader's to give).
public struct TemplateProblem: Sendable, Equatable {
    public let message: String
}

extension Text {
    /// A form-js text: words with `@@tag`s, `{{expression}}` inserts and `{{#if}}`/`{{#loop}}`
    /// sections; a text starting with `=` is one FEEL expression. What does not parse is shown
    /// as written, with a problem.
    public static func template(_ source: String) -> (text: Text, problems: [TemplateProblem]) {
        if source.hasPrefix("=") {
            do {
                return (try Text.feel(String(source.dropFirst())), [])
            } catch {
                return (Text(source: source, parts: [.literal(source)]),
                        [TemplateProblem(message: "the FEEL does not parse: \(error.description); the text shows it as written")])
            }
        }
        var reader = TemplateReader(source)
        let parts = reader.parts(until: nil).parts
        return (Text(source: source, parts: parts), reader.problems)
    }

    /// Whether the text's FEEL asks the clock (`{{today()}}`): what it shows may change with
    /// no data changed, so it is never kept by the values it reads.
    public var readsClock: Bool {
        func reads(_ parts: [Part]) -> Bool {
            parts.contains { part in
                switch part {
                case .feel(let expression): expression.readsClock
                case .section(let section): section.expression.readsClock || reads(section.body)
                case .literal, .tag, .path: false
                }
            }
        }
        return reads(parts)
    }

    /// The data paths a FEEL part reads, for the keys of filled-in texts: each variable's whole
    /// value (the whole data where it reads form-js's `this` outside a row).
    static func variablePaths(_ expression: Expression) -> [DataPath] {
        expression.readPaths.map { path in
            path.isEmpty ? DataPath(segments: []) : DataPath(segments: [.key(String(path.prefix { $0 != "." }))])
        }
    }
}

/// Reads the feelers templating language into text parts.
private struct TemplateReader {
    let source: String
    var rest: Substring
    var problems: [TemplateProblem] = []

    init(_ source: String) {
        self.source = source
        self.rest = Substring(source)
    }

    /// Parts up to the closing tag of `section` (or the end), and whether the tag was there.
    mutating func parts(until section: TemplateSection.Kind?) -> (parts: [Text.Part], closed: Bool) {
        var parts: [Text.Part] = []
        while !rest.isEmpty {
            guard let open = rest.range(of: "{{") else {
                parts += words(rest)
                rest = rest[rest.endIndex...]
                break
            }
            parts += words(rest[..<open.lowerBound])
            guard let close = rest[open.upperBound...].range(of: "}}") else {
                parts += words(rest[open.lowerBound...])
                rest = rest[rest.endIndex...]
                break
            }
            let written = String(rest[open.lowerBound..<close.upperBound])
            let inner = String(rest[open.upperBound..<close.lowerBound]).trimmingWhitespace()
            rest = rest[close.upperBound...]
            if inner.hasPrefix("/") {
                let closing = String(inner.dropFirst()).trimmingWhitespace()
                dropNewline()
                if closing == section?.rawValue { return (parts, true) }
                problems.append(TemplateProblem(message: "{{\(inner)}} closes no open section; it is shown as written"))
                parts.append(.literal(written))
            } else if let kind = [TemplateSection.Kind.if, .loop].first(where: { inner.hasPrefix("#" + $0.rawValue + " ") }) {
                dropNewline()
                let feel = String(inner.dropFirst(kind.rawValue.count + 2)).trimmingWhitespace()
                let (body, closed) = self.parts(until: kind)
                if let expression = expression(feel, written) {
                    parts.append(.section(TemplateSection(kind: kind, expression: expression, body: body)))
                } else {
                    parts += [.literal(written)] + body + (closed ? [.literal("{{/\(kind.rawValue)}}")] : [])
                }
            } else if inner.isEmpty {
                continue
            } else if inner == ".." {
                // Handlebars' name for the data around a loop's item: form-js's `parent`.
                if let expression = expression("parent", written) { parts.append(.feel(expression)) }
            } else if let expression = expression(inner.hasPrefix("=") ? String(inner.dropFirst()) : inner, written) {
                parts.append(.feel(expression))
            } else {
                parts.append(.literal(written))
            }
        }
        if let section {
            problems.append(TemplateProblem(message: "{{#\(section.rawValue) …}} is never closed with {{/\(section.rawValue)}}"))
        }
        return (parts, false)
    }

    private mutating func expression(_ feel: String, _ written: String) -> Expression? {
        do {
            return try Expression(feel: feel)
        } catch {
            problems.append(TemplateProblem(message: "the FEEL of \(written) does not parse: \(error.description); it is shown as written"))
            return nil
        }
    }

    /// A section's tags take the line break after them, as feelers does.
    private mutating func dropNewline() {
        if rest.first == "\n" { rest = rest.dropFirst() }
    }

    /// Plain words, their `@@tag`s kept (form-js labels may name a tag of the project).
    private func words(_ text: Substring) -> [Text.Part] {
        guard !text.isEmpty else { return [] }
        return Text(String(text)).parts.isEmpty ? [.literal(String(text))] : Text.tagsOnly(String(text))
    }
}

extension Text {
    /// A text as a definition holds it: a string of words, or FEEL (`{"feel": "…"}`) or form-js
    /// templating (`{"template": "…"}`); nil for anything else or FEEL that does not parse
    /// (the decoder reports those where they are).
    public init?(json: JSONValue) {
        switch json {
        case .string(let words):
            self.init(words)
        case .object(let members) where members.count == 1:
            if case .string(let feel)? = members["feel"], let text = try? Text.feel(feel) {
                self = text
            } else if case .string(let template)? = members["template"] {
                self = Text.template(template).text
            } else {
                return nil
            }
        default:
            return nil
        }
    }

    /// A text that shows one FEEL expression's value (`{"feel": …}`, form-js's `=` label).
    public static func feel(_ source: String) throws(ExpressionError) -> Text {
        Text(source: "=" + source, parts: [.feel(try Expression(feel: source))])
    }

    /// Words with their `@@tag`s as parts; a `${` in them stays words (form-js has no such syntax).
    static func tagsOnly(_ text: String) -> [Part] {
        Text(text).parts.flatMap { part -> [Part] in
            if case .path(let path) = part { return [.literal("${\(path.description)}")] }
            return [part]
        }
    }
}
