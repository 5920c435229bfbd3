/// A FlowStage expression built by the JUEL translator, before it is printed: one printer and
/// one place that knows FlowStage's syntax.
indirect enum TargetExpression: Sendable {
    /// The literal's digits as written (`12`, `0.5`), so no floating-point formatting is involved.
    case number(String)
    case string(String)
    case bool(Bool)
    case null
    /// A top-level name: a data name.
    case name(String)
    case member(TargetExpression, String)
    case index(TargetExpression, TargetExpression)
    case unary(String, TargetExpression)
    case binary(String, TargetExpression, TargetExpression)
    case conditional(TargetExpression, TargetExpression, TargetExpression)
    case call(String, [TargetExpression])
}

/// Prints a `TargetExpression` as FlowStage source with parentheses wherever FlowStage's
/// precedence would otherwise regroup it, so the source dialect's grouping is kept exactly;
/// left-associative chains stay flat so long sums don't hit FlowStage's nesting limit.
struct TargetPrinter {
    /// Past this, FlowStage would refuse the expression anyway.
    static let maximumLength = 4096

    private(set) var text = ""

    struct TooLong: Error {}

    static func print(_ expression: TargetExpression) throws(TooLong) -> String {
        var printer = TargetPrinter()
        try printer.write(expression, atLeast: 0)
        return printer.text
    }

    /// FlowStage's binding strength: 0 `?:`, 1 `||`, 2 `&&`, 3 equality, 4 ordering, 5 `+ -`, 6 `* / %`, 7 unary, 8 postfix.
    private static func level(_ expression: TargetExpression) -> Int {
        switch expression {
        case .conditional: 0
        case .binary(let op, _, _): level(of: op)
        case .unary: 7
        default: 8
        }
    }

    private static func level(of op: String) -> Int {
        switch op {
        case "||": 1
        case "&&": 2
        case "==", "!=": 3
        case "<", "<=", ">", ">=": 4
        case "+", "-": 5
        default: 6
        }
    }

    private mutating func append(_ piece: String) throws(TooLong) {
        text += piece
        guard text.utf8.count <= TargetPrinter.maximumLength * 4 else { throw TooLong() }
    }

    private mutating func write(_ expression: TargetExpression, atLeast minimum: Int) throws(TooLong) {
        let parenthesized = TargetPrinter.level(expression) < minimum
        if parenthesized { try append("(") }
        switch expression {
        case .number(let digits): try append(digits)
        case .string(let s): try append(TargetPrinter.quoted(s))
        case .bool(let b): try append(b ? "true" : "false")
        case .null: try append("null")
        case .name(let n): try append(n)
        case .member(let base, let name):
            try write(base, atLeast: 8)
            try append(TargetPrinter.isSimpleName(name) ? ".\(name)" : "[\(TargetPrinter.quoted(name))]")
        case .index(let base, let index):
            try write(base, atLeast: 8); try append("["); try write(index, atLeast: 0); try append("]")
        case .unary(let op, let operand):
            try append(op); try write(operand, atLeast: 7)
        case .binary(let op, let left, let right):
            let level = TargetPrinter.level(of: op)
            try write(left, atLeast: level); try append(" \(op) "); try write(right, atLeast: level + 1)
        case .conditional(let c, let a, let b):
            try write(c, atLeast: 1); try append(" ? "); try write(a, atLeast: 0); try append(" : "); try write(b, atLeast: 0)
        case .call(let function, let arguments):
            try append("\(function)(")
            for (i, argument) in arguments.enumerated() {
                if i > 0 { try append(", ") }
                try write(argument, atLeast: 0)
            }
            try append(")")
        }
        if parenthesized { try append(")") }
    }

    static func quoted(_ s: String) -> String {
        var out = "\""
        for c in s {
            switch c {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            default: out.append(c)
            }
        }
        return out + "\""
    }

    /// A name FlowStage's lexer reads as one name token and that is not one of its literals.
    static func isSimpleName(_ name: String) -> Bool {
        guard let first = name.first, first.isLetter || first == "_" else { return false }
        return name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" } && !["true", "false", "null"].contains(name)
    }
}
