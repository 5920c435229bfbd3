import Foundation

/// The parsed form of an expression, evaluated many times without re-parsing.
indirect enum Syntax: Sendable {
    case literal(JSONValue)
    case name(String)                 // a top-level name: data, `value`, `$item`, `$language`
    case path(DataPath)               // ${a.b}
    case member(Syntax, String)
    case index(Syntax, Syntax)
    case list([Syntax])
    case unary(String, Syntax)
    case binary(String, Syntax, Syntax)
    case and(Syntax, Syntax)
    case or(Syntax, Syntax)
    case conditional(Syntax, Syntax, Syntax)
    case call(Function, [Syntax], column: Int)
    /// `matches(x, "literal")`: the regular expression compiled once at parse time.
    case match(Syntax, RegexBox)
    /// `replace(x, "literal", r)`: the pattern compiled once at parse time.
    case replace(Syntax, RegexBox, Syntax)
}

/// NSRegularExpression is immutable and documented thread-safe.
struct RegexBox: @unchecked Sendable {
    let regex: NSRegularExpression
    let source: String
}
