/// Which plural form a count takes in a language: CLDR's cardinal categories for whole
/// numbers, for the languages FlowStage ships and those that count like them. Interface
/// words choose a form with `{x, plural, one {# file} other {# files}}` (ICU's syntax;
/// docs/reference/interface-words.md, "Plurals").
public enum PluralRules {
    public enum Category: String, Sendable, CaseIterable {
        case zero, one, two, few, many, other
    }

    /// The category of the whole number `n` in `language` (a language tag; its primary subtag counts).
    public static func category(_ n: Int, language: String) -> Category {
        let n = abs(n)
        let lastTwo = n % 100
        switch Words.primarySubtag(language) {
        case "fr", "pt":
            return n == 0 || n == 1 ? .one : .other
        case "ro", "mo":
            if n == 1 { return .one }
            return n == 0 || (1...19).contains(lastTwo) ? .few : .other
        case "ar":
            switch n {
            case 0: return .zero
            case 1: return .one
            case 2: return .two
            default: return (3...10).contains(lastTwo) ? .few : (11...99).contains(lastTwo) ? .many : .other
            }
        case "he", "iw":
            return n == 1 ? .one : n == 2 ? .two : .other
        case "pl":
            if n == 1 { return .one }
            return (2...4).contains(n % 10) && !(12...14).contains(lastTwo) ? .few : .many
        case "ru", "uk", "be":
            if n % 10 == 1 && lastTwo != 11 { return .one }
            return (2...4).contains(n % 10) && !(12...14).contains(lastTwo) ? .few : .many
        case "hr", "sr", "bs":
            if n % 10 == 1 && lastTwo != 11 { return .one }
            return (2...4).contains(n % 10) && !(12...14).contains(lastTwo) ? .few : .other
        case "cs", "sk":
            return n == 1 ? .one : (2...4).contains(n) ? .few : .other
        case "ja", "ko", "zh", "th", "vi", "id", "ms", "tr", "fa":
            return .other
        default:
            return n == 1 ? .one : .other
        }
    }

    /// The count a filled-in value stands for: its digits, as written in any locale ("1.500",
    /// "1 500"); nil for a value with a decimal part or no digits (it takes `other`).
    static func count(_ value: String) -> Int? {
        // Plain digits (what the interface fills in): no Character walk.
        if value.utf8.count <= 18, !value.isEmpty, value.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) {
            return Int(value)
        }
        let digits = value.filter(\.isASCII).filter(\.isNumber)
        guard !digits.isEmpty, digits.count <= 18 else { return nil }
        let others = value.filter { !$0.isNumber && !$0.isWhitespace }
        // One separator followed by one or two digits is a decimal sign ("2,5"), not grouping.
        if let last = others.last, let range = value.range(of: String(last), options: .backwards),
           (1...2).contains(value[range.upperBound...].filter(\.isNumber).count) { return nil }
        return Int(digits)
    }
}
