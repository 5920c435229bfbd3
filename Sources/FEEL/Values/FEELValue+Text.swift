/// How values are written: `string(x)` and the text a template shows (`text`), and FEEL
/// source that reads back as the value (`literal`, used inside lists and contexts and by the playground).
extension FEELValue {
    /// `string(x)`: a string as itself, other values as FEEL writes them.
    public var text: String {
        switch self {
        case .string(let text): text
        default: literal
        }
    }

    /// The value written as FEEL: strings quoted, temporal values as `@"…"` only inside a
    /// structure's text (`date("2024-01-31")` at the top reads as `2024-01-31`).
    public var literal: String {
        switch self {
        case .null: "null"
        case .bool(let flag): flag ? "true" : "false"
        case .number(let number): number.text
        case .string(let text): FEELValue.quoted(text)
        case .date(let date): date.text
        case .time(let time): time.text
        case .dateTime(let dateTime): dateTime.text
        case .daysTime(let duration): duration.text
        case .yearsMonths(let duration): duration.text
        case .list(let items): "[" + items.map(\.literal).joined(separator: ", ") + "]"
        case .context(let context):
            "{" + zip(context.keys, context.values).map { FEELValue.key($0) + ": " + $1.literal }.joined(separator: ", ") + "}"
        case .range(let range): range.text
        case .function(let function): function.text
        }
    }

    /// A string as a FEEL literal: JSON's escapes are FEEL's, so one writer serves both.
    static func quoted(_ text: String) -> String {
        var result = ""
        FEELJSON.quote(text, into: &result)
        return result
    }

    /// A context key as written: bare when it is one plain name, else quoted.
    private static func key(_ key: String) -> String {
        let scalars = Array(key.unicodeScalars)
        guard let first = scalars.first, Lexer.isNameStart(first), first != "?",
              scalars.dropFirst().allSatisfy(Lexer.isNamePart), !Parser.keywords.contains(key) else { return quoted(key) }
        return key
    }
}
