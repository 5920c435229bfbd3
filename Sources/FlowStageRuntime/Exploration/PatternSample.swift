/// A text that a simple regular expression matches, for the explorer's form filling: literals,
/// `\d \w \s`, `.`, character classes with ranges, groups with `|`, and the quantifiers `? * +
/// {n} {n,} {n,m}`. Anything else (backreferences, lookaround) gives nil. `generous` takes one
/// of each optional part instead of none. The caller still checks the result against the pattern.
enum PatternSample {
    static func sample(_ pattern: String, generous: Bool = false) -> String? {
        var parser = Parser(chars: Array(pattern), generous: generous)
        guard let text = parser.alternatives(), parser.index == parser.chars.count else { return nil }
        return text
    }

    private struct Parser {
        let chars: [Character]
        let generous: Bool
        var index = 0
        /// Groups open around the current position: a deeper pattern is not simple.
        var depth = 0

        init(chars: [Character], generous: Bool) {
            self.chars = chars
            self.generous = generous
        }

        var atEnd: Bool { index >= chars.count }
        var current: Character? { atEnd ? nil : chars[index] }

        /// `a|b|c`: the first alternative (each is parsed, to find the end).
        mutating func alternatives() -> String? {
            guard let first = sequence() else { return nil }
            while current == "|" {
                index += 1
                guard sequence() != nil else { return nil }
            }
            return first
        }

        mutating func sequence() -> String? {
            var text = ""
            while let char = current, char != "|", char != ")" {
                guard let atom = atom() else { return nil }
                guard let count = quantifier() else { return nil }
                text += String(repeating: atom, count: count)
                if text.count > 1_000 { return nil }
            }
            return text
        }

        mutating func atom() -> String? {
            guard let char = current else { return nil }
            index += 1
            switch char {
            case "^", "$": return ""
            case ".": return "a"
            case "(":
                guard depth < 32 else { return nil }
                depth += 1
                defer { depth -= 1 }
                if current == "?" {
                    // Only a non-capturing group; lookaround and named groups give up.
                    guard index + 1 < chars.count, chars[index + 1] == ":" else { return nil }
                    index += 2
                }
                guard let inner = alternatives(), current == ")" else { return nil }
                index += 1
                return inner
            case "[": return characterClass()
            case "\\": return escape()
            case "*", "+", "?", "{", ")", "|": return nil
            default: return String(char)
            }
        }

        mutating func escape() -> String? {
            guard let char = current else { return nil }
            index += 1
            switch char {
            case "d": return "1"
            case "w": return "a"
            case "s": return " "
            case "D", "W", "S": return "-"
            case "b", "B", "A", "z", "Z": return ""
            case "n": return "\n"
            case "t": return "\t"
            default: return char.isLetter || char.isNumber ? nil : String(char)
            }
        }

        /// `[a-z0-9_]` gives its first character; `[^…]` the first of a few that it allows.
        mutating func characterClass() -> String? {
            var negated = false
            if current == "^" { negated = true; index += 1 }
            var members: [ClosedRange<Character>] = []
            var first = true
            while let char = current, char != "]" || first {
                first = false
                index += 1
                var low = char
                if char == "\\" {
                    guard let escaped = current else { return nil }
                    index += 1
                    switch escaped {
                    case "d": members.append("0"..."9"); continue
                    case "w": members += ["a"..."z", "A"..."Z", "0"..."9", "_"..."_"]; continue
                    case "s": members.append(" "..." "); continue
                    default: low = escaped
                    }
                }
                if current == "-", index + 1 < chars.count, chars[index + 1] != "]" {
                    index += 1
                    var high = chars[index]
                    index += 1
                    if high == "\\", let escaped = current { high = escaped; index += 1 }
                    guard low <= high else { return nil }
                    members.append(low...high)
                } else {
                    members.append(low...low)
                }
            }
            guard current == "]" else { return nil }
            index += 1
            if !negated { return members.first.map { String($0.lowerBound) } }
            for candidate in "a1A_-x" where !members.contains(where: { $0.contains(candidate) }) { return String(candidate) }
            return nil
        }

        /// How many times to repeat the atom before it; nil for a malformed quantifier.
        mutating func quantifier() -> Int? {
            var count = 1
            switch current {
            case "?": index += 1; count = generous ? 1 : 0
            case "*": index += 1; count = generous ? 1 : 0
            case "+": index += 1; count = 1
            case "{":
                guard let close = chars[index...].firstIndex(of: "}") else { return nil }
                let body = String(chars[(index + 1)..<close])
                let parts = body.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters() }
                guard let low = Int(parts[0]), parts.count <= 2 else { return nil }
                if parts.count == 2, !parts[1].isEmpty {
                    guard let high = Int(parts[1]), high >= low else { return nil }
                    count = generous ? min(high, low + 1) : low
                } else {
                    count = low
                }
                guard count <= 200 else { return nil }
                index = close + 1
            default: return 1
            }
            // Lazy and possessive marks change nothing here.
            if current == "?" || current == "+" { index += 1 }
            return count
        }
    }
}

private extension Substring {
    func trimmingCharacters() -> String { String(self).trimmingWhitespace() }
}
