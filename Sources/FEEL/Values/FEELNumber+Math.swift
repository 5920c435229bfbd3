import Foundation

/// `**`, `sqrt`, `exp` and `log`. Whole powers and square roots are computed in decimal; `exp`,
/// `log` and fractional powers through `Double` (about 16 correct digits, as most FEEL engines).
extension FEELNumber {
    /// `self ** power`; nil when the result is too large, undefined (0 to a negative power,
    /// a negative base to a fractional power) or the power is beyond a billion.
    public func power(_ power: FEELNumber) -> FEELNumber? {
        if let whole = power.intValue, whole.magnitude <= 999_999_999 {
            if whole == 0 { return .one }
            var result = FEELNumber.one
            var base = self
            var remaining = whole.magnitude
            while remaining > 0 {
                if remaining & 1 == 1 { guard let next = result * base else { return nil }; result = next }
                remaining >>= 1
                if remaining > 0 { guard let next = base * base else { return nil }; base = next }
            }
            return whole < 0 ? FEELNumber.one / result : result
        }
        guard !isNegative else { return nil }
        return FEELNumber.fromDouble(Foundation.pow(doubleValue, power.doubleValue))
    }

    /// The square root, to 34 digits (Newton's method from the `Double` estimate); nil for negatives.
    public var squareRoot: FEELNumber? {
        guard !isNegative else { return nil }
        guard coefficient != 0 else { return .zero }
        // The estimate may be out of Double's range: scale by an even power of ten first.
        let leading = Int(exponent) + digitCount
        let shift = (leading / 2) * 2
        let scaled = FEELNumber(negative: false, coefficient: coefficient, exponent: Int32(Int(exponent) - shift))
        guard var estimate = FEELNumber(Foundation.sqrt(scaled.doubleValue)), let two = FEELNumber(text: "2") else { return nil }
        for _ in 0..<3 {
            guard let quotient = scaled / estimate, let sum = estimate + quotient, let next = sum / two else { return nil }
            if next == estimate { break }
            estimate = next
        }
        return FEELNumber.normalized(negative: false, coefficient: estimate.coefficient, exponent: Int(estimate.exponent) + shift / 2)
    }

    public var exponential: FEELNumber? { FEELNumber.fromDouble(Foundation.exp(doubleValue)) }

    /// The natural logarithm; nil for zero and negatives.
    public var naturalLogarithm: FEELNumber? {
        guard !isNegative, coefficient != 0 else { return nil }
        // ln(c × 10^e) = ln(c) + e × ln(10), so numbers beyond Double's range still work.
        let digits = digitCount
        let mantissa = FEELNumber(negative: false, coefficient: coefficient, exponent: Int32(-(digits - 1))).doubleValue
        let value = Foundation.log(mantissa) + Double(Int(exponent) + digits - 1) * Foundation.log(10.0)
        return FEELNumber.fromDouble(value)
    }

    static func fromDouble(_ value: Double) -> FEELNumber? {
        value.isFinite ? FEELNumber(value) : nil
    }
}
