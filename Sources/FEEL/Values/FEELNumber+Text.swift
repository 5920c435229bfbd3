/// Numbers to and from text and `Double`: FEEL literals, `number()`, and JSON data at the edge.
extension FEELNumber {
    /// Reads `[+-]digits[.digits][e[+-]digits]` (also `.5`); nil for anything else or a number
    /// beyond decimal128. More than 34 digits are rounded.
    public init?(text: some StringProtocol) {
        var negative = false
        var coefficient: UInt128 = 0
        var kept = 0
        var exponent = 0
        var cut = Discarded.zero
        var firstCut = true
        var sawDigit = false
        var seenPoint = false
        var utf8 = Substring(text).utf8[...]
        if let sign = utf8.first, sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") {
            negative = sign == UInt8(ascii: "-")
            utf8 = utf8.dropFirst()
        }
        while let byte = utf8.first {
            if byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") {
                sawDigit = true
                let digit = UInt128(byte - UInt8(ascii: "0"))
                if kept < 38 {
                    if coefficient != 0 || digit != 0 { kept += 1 }
                    coefficient = coefficient * 10 + digit
                    if seenPoint { exponent -= 1 }
                } else {
                    // Beyond 38 digits only rounding needs them: fold them into `cut`.
                    if firstCut {
                        cut = digit == 0 ? .zero : (digit < 5 ? .belowHalf : (digit == 5 ? .half : .aboveHalf))
                        firstCut = false
                    } else if digit != 0 {
                        if cut == .half { cut = .aboveHalf } else if cut == .zero { cut = .belowHalf }
                    }
                    if !seenPoint { exponent += 1 }
                }
            } else if byte == UInt8(ascii: ".") && !seenPoint {
                seenPoint = true
            } else {
                break
            }
            utf8 = utf8.dropFirst()
        }
        guard sawDigit else { return nil }
        if let marker = utf8.first, marker == UInt8(ascii: "e") || marker == UInt8(ascii: "E") {
            utf8 = utf8.dropFirst()
            var exponentNegative = false
            if let sign = utf8.first, sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") {
                exponentNegative = sign == UInt8(ascii: "-")
                utf8 = utf8.dropFirst()
            }
            var value = 0
            var digits = 0
            while let byte = utf8.first, byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") {
                if value < 1_000_000 { value = value * 10 + Int(byte - UInt8(ascii: "0")) }
                digits += 1
                utf8 = utf8.dropFirst()
            }
            guard digits > 0 else { return nil }
            exponent += exponentNegative ? -value : value
        }
        guard utf8.isEmpty, let number = FEELNumber.rounded(negative: negative, coefficient: coefficient, exponent: exponent,
                                                             discarded: cut) else { return nil }
        self = number
    }

    /// The closest FEEL number to a JSON number: the shortest decimal that reads back as the same
    /// `Double` (`0.1` is 0.1, not 0.1000000000000000055…). nil for NaN and infinities.
    public init?(_ double: Double) {
        guard double.isFinite else { return nil }
        if double == double.rounded(.towardZero), double.magnitude < 9.007_199_254_740_992e15 {
            self.init(Int(double))
            return
        }
        // Most data has few decimals (12.5, 0.19): the first scale that makes it a whole number
        // that reads back as the same double is the shortest decimal, found without text.
        let magnitude = double.magnitude
        for scale in 1...15 {
            let scaled = (magnitude * Self.exactPowersOfTen[scale]).rounded()
            guard scaled < 9.007_199_254_740_992e15 else { break }
            if scaled / Self.exactPowersOfTen[scale] == magnitude {
                self = FEELNumber.rounded(negative: double < 0, coefficient: UInt128(UInt64(scaled)), exponent: -scale) ?? .zero
                return
            }
        }
        self.init(text: double.description)
    }

    /// The nearest `Double`, for JSON data.
    public var doubleValue: Double {
        if coefficient == 0 { return 0 }
        let magnitude: Double
        if coefficient < (UInt128(1) << 53) && exponent >= -22 && exponent <= 22 {
            let exact = Double(UInt64(coefficient))
            let power = Self.exactPowersOfTen[Int(exponent.magnitude)]
            magnitude = exponent < 0 ? exact / power : exact * power
        } else {
            magnitude = Double(scientificText) ?? .infinity
        }
        return negative ? -magnitude : magnitude
    }

    static let exactPowersOfTen: [Double] = (0...22).map { power in
        var value = 1.0
        for _ in 0..<power { value *= 10 }
        return value
    }

    /// `1.5E+10`-style text that `Double(_:)` reads with correct rounding.
    var scientificText: String {
        (negative ? "-" : "") + String(coefficient) + "E" + String(exponent)
    }

    /// Plain decimal notation, never an exponent: `1234.5`, `-0.001`, `100`.
    public var text: String {
        if coefficient == 0 { return "0" }
        let digits = String(coefficient)
        var result = negative ? "-" : ""
        if exponent >= 0 {
            result += digits
            if exponent > 0 { result += String(repeating: "0", count: Int(exponent)) }
        } else {
            let pointAt = digits.count + Int(exponent)
            if pointAt > 0 {
                let index = digits.index(digits.startIndex, offsetBy: pointAt)
                result += digits[..<index] + "." + digits[index...]
            } else {
                result += "0." + String(repeating: "0", count: -pointAt) + digits
            }
        }
        return result
    }
}

extension FEELNumber: CustomStringConvertible {
    public var description: String { text }
}
