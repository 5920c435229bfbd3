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

extension Syntax {
    /// The sub-expressions evaluated with this one, in order: what every walk over the tree
    /// visits (read paths, compared values, the work bound).
    var children: [Syntax] {
        switch self {
        case .literal, .name, .path: []
        case .member(let base, _): [base]
        case .index(let base, let index): [base, index]
        case .list(let items): items
        case .unary(_, let operand): [operand]
        case .binary(_, let left, let right), .and(let left, let right), .or(let left, let right): [left, right]
        case .conditional(let test, let then, let otherwise): [test, then, otherwise]
        case .call(_, let arguments, _): arguments
        case .match(let subject, _): [subject]
        case .replace(let subject, _, let replacement): [subject, replacement]
        }
    }

    /// A data path written as a chain of names, members and indexes (`client.age`,
    /// `accounts[0].name` as `accounts`), or nil: `$item`, `$index`, `$language` and a
    /// validator's `value` are not data.
    var dataPath: String? {
        switch self {
        case .name(let name): name.hasPrefix("$") || name == "value" ? nil : name
        case .path(let path): path.description.hasPrefix("$") ? nil : path.description
        case .member(let base, let member): base.dataPath.map { $0 + "." + member }
        case .index(let base, _): base.dataPath
        default: nil
        }
    }
}
