/// A FEEL number: a decimal of at most 34 significant digits rounded half to even, the precision
/// of IEEE 754 decimal128 that DMN 1.5 prescribes (so `0.1 + 0.2 = 0.3`, unlike a `Double`).
///
/// Its value is ±`coefficient` × 10^`exponent`. It is kept normalized (no trailing zeros in the
/// coefficient; zero is `+0 × 10^0`), so equal numbers are equal values and hash alike.
public struct FEELNumber: Sendable, Hashable {
    let negative: Bool
    let coefficient: UInt128
    let exponent: Int32

    static let precision = 34
    /// The adjusted exponent (of the leading digit) decimal128 allows; beyond it a result is
    /// too large (null and a warning) or rounds to zero.
    static let maxAdjustedExponent = 6144
    static let minAdjustedExponent = -6143

    public static let zero = FEELNumber(negative: false, coefficient: 0, exponent: 0)
    public static let one = FEELNumber(1)

    init(negative: Bool, coefficient: UInt128, exponent: Int32) {
        self.negative = negative
        self.coefficient = coefficient
        self.exponent = exponent
    }

    public init(_ value: Int) {
        self = FEELNumber.rounded(negative: value < 0, coefficient: UInt128(value.magnitude), exponent: 0) ?? .zero
    }

    public var isZero: Bool { coefficient == 0 }
    public var isNegative: Bool { negative && coefficient != 0 }
    public var isInteger: Bool { exponent >= 0 }

    /// The value as an `Int` when it is a whole number in range.
    public var intValue: Int? {
        guard exponent >= 0, exponent <= 38 else { return coefficient == 0 ? 0 : nil }
        let (scaled, overflow) = coefficient.multipliedReportingOverflow(by: Self.powersOfTen[Int(exponent)])
        guard !overflow, scaled <= UInt128(Int.max) else { return nil }
        return negative ? -Int(scaled) : Int(scaled)
    }

    public var negated: FEELNumber {
        coefficient == 0 ? self : FEELNumber(negative: !negative, coefficient: coefficient, exponent: exponent)
    }

    public var magnitude: FEELNumber { FEELNumber(negative: false, coefficient: coefficient, exponent: exponent) }

    /// How many decimal digits the coefficient has (zero has one).
    var digitCount: Int { Self.digits(coefficient) }

    // MARK: Rounding to 34 digits

    /// What was cut off a coefficient, relative to half a unit of its last kept digit: enough to
    /// round half to even (or in any other mode) without keeping the cut digits.
    enum Discarded: Sendable { case zero, belowHalf, half, aboveHalf }

    static let powersOfTen: [UInt128] = {
        var powers: [UInt128] = [1]
        for _ in 1...38 { powers.append(powers[powers.count - 1] * 10) }
        return powers
    }()

    static func digits(_ value: UInt128) -> Int {
        if value <= UInt128(UInt64.max) {
            let small = UInt64(value)
            var count = 1
            var bound: UInt64 = 10
            while count < 20 && small >= bound {
                count += 1
                if count < 20 { bound &*= 10 }
            }
            return count
        }
        var count = 20
        while count < 39 && value >= powersOfTen[count] { count += 1 }
        return count
    }

    /// Cuts the last `count` digits off `value`, saying what was cut (merged with what an earlier cut left).
    static func shiftRight(_ value: UInt128, by count: Int, after previous: Discarded = .zero) -> (UInt128, Discarded) {
        guard count > 0 else { return (value, previous) }
        guard count <= 38 else {
            return (0, value == 0 && previous == .zero ? .zero : .belowHalf)
        }
        let power = powersOfTen[count]
        let (quotient, remainder) = value.quotientAndRemainder(dividingBy: power)
        return (quotient, discarded(remainder: remainder, half: power / 2, after: previous))
    }

    static func discarded(remainder: UInt128, half: UInt128, after previous: Discarded) -> Discarded {
        if remainder == 0 { return previous == .zero ? .zero : .belowHalf }
        if remainder < half { return .belowHalf }
        if remainder == half { return previous == .zero ? .half : .aboveHalf }
        return .aboveHalf
    }

    /// Whether a kept coefficient moves one up, in the rounding mode, for what was cut.
    static func roundsUp(_ kept: UInt128, _ discarded: Discarded, _ mode: RoundingMode, negative: Bool) -> Bool {
        switch (mode, discarded) {
        case (_, .zero): false
        case (.halfEven, .half): kept % 2 == 1
        case (.halfEven, let cut), (.halfUp, let cut), (.halfDown, let cut):
            cut == .aboveHalf || (cut == .half && mode == .halfUp)
        case (.up, _): true
        case (.down, _): false
        case (.floor, _): negative
        case (.ceiling, _): !negative
        }
    }

    /// The number ±`coefficient` × 10^`exponent` (with `discarded` already cut below it) rounded
    /// to 34 digits half to even and normalized; nil when it is too large for decimal128.
    static func rounded(negative: Bool, coefficient: UInt128, exponent: Int, discarded: Discarded = .zero,
                        mode: RoundingMode = .halfEven) -> FEELNumber? {
        var value = coefficient
        var exponent = exponent
        var cut = discarded
        let count = digits(value)
        if count > precision {
            (value, cut) = shiftRight(value, by: count - precision, after: cut)
            exponent += count - precision
        }
        // Below the smallest exponent the value keeps fewer digits, then rounds to zero.
        let lowest = minAdjustedExponent - (precision - 1)
        if exponent < lowest {
            (value, cut) = shiftRight(value, by: lowest - exponent, after: cut)
            exponent = lowest
        }
        if roundsUp(value, cut, mode, negative: negative) {
            value += 1
            if value == powersOfTen[precision] {
                value = powersOfTen[precision - 1]
                exponent += 1
            }
        }
        return normalized(negative: negative, coefficient: value, exponent: exponent)
    }

    /// Strips trailing zeros; nil when the leading digit's exponent is above decimal128's.
    static func normalized(negative: Bool, coefficient: UInt128, exponent: Int) -> FEELNumber? {
        guard coefficient != 0 else { return .zero }
        var value = coefficient
        var exponent = exponent
        if value <= UInt128(UInt64.max) {
            var small = UInt64(value)
            while small % 10 == 0 { small /= 10; exponent += 1 }
            value = UInt128(small)
        } else {
            while value % 10 == 0 { value /= 10; exponent += 1 }
        }
        guard exponent + digits(value) - 1 <= maxAdjustedExponent else { return nil }
        return FEELNumber(negative: negative, coefficient: value, exponent: Int32(exponent))
    }
}

/// How a number is rounded to a scale: the modes of FEEL's `decimal`, `round up`, `round down`,
/// `round half up`, `round half down`, `floor` and `ceiling`.
public enum RoundingMode: Sendable {
    case halfEven, halfUp, halfDown, up, down, floor, ceiling
}

extension FEELNumber: Comparable {
    public static func < (a: FEELNumber, b: FEELNumber) -> Bool { compare(a, b) < 0 }

    /// -1, 0 or 1.
    static func compare(_ a: FEELNumber, _ b: FEELNumber) -> Int {
        if a.isNegative != b.isNegative {
            if a.coefficient == 0 && b.coefficient == 0 { return 0 }
            return a.isNegative ? -1 : 1
        }
        let order = compareMagnitudes(a, b)
        return a.isNegative ? -order : order
    }

    static func compareMagnitudes(_ a: FEELNumber, _ b: FEELNumber) -> Int {
        if a.coefficient == 0 || b.coefficient == 0 {
            return a.coefficient == b.coefficient ? 0 : (a.coefficient == 0 ? -1 : 1)
        }
        let aDigits = a.digitCount, bDigits = b.digitCount
        let aLead = Int(a.exponent) + aDigits, bLead = Int(b.exponent) + bDigits
        if aLead != bLead { return aLead < bLead ? -1 : 1 }
        // Same leading position: both fit in 34 digits, so aligning them fits in 38.
        var x = a.coefficient, y = b.coefficient
        if a.exponent > b.exponent { x *= powersOfTen[Int(a.exponent - b.exponent)] }
        if b.exponent > a.exponent { y *= powersOfTen[Int(b.exponent - a.exponent)] }
        return x == y ? 0 : (x < y ? -1 : 1)
    }
}
