/// The four operations, each exact before one rounding to 34 digits (half to even). nil means
/// the result is outside decimal128 (or a division by zero): FEEL makes that null.
extension FEELNumber {
    public static func + (a: FEELNumber, b: FEELNumber) -> FEELNumber? {
        if a.coefficient == 0 { return b }
        if b.coefficient == 0 { return a }
        // `high` has the larger exponent; its coefficient is shifted left to align with `low`'s.
        let (high, low) = a.exponent >= b.exponent ? (a, b) : (b, a)
        let gap = Int(high.exponent) - Int(low.exponent)
        let highDigits = high.digitCount
        var x = high.coefficient, y = low.coefficient
        var exponent = Int(low.exponent)
        var cut = Discarded.zero
        if highDigits + gap <= 38 {
            x *= powersOfTen[gap]
        } else {
            // Too far apart to align exactly: `high` takes 38 digits, `low` only matters below
            // them for rounding, so its digits further down are cut (and remembered as `cut`).
            let shift = 38 - highDigits
            x *= powersOfTen[shift]
            exponent = Int(high.exponent) - shift
            (y, cut) = shiftRight(y, by: gap - shift)
        }
        if high.negative == low.negative {
            return rounded(negative: high.negative, coefficient: x + y, exponent: exponent, discarded: cut)
        }
        if cut != .zero {
            // x − (y + f) with 0 < f < 1 is (x − y − 1) + (1 − f): borrow one and mirror the cut part.
            let mirrored: Discarded = switch cut {
            case .belowHalf: .aboveHalf
            case .aboveHalf: .belowHalf
            default: cut
            }
            return rounded(negative: high.negative, coefficient: x - y - 1, exponent: exponent, discarded: mirrored)
        }
        if x >= y {
            return rounded(negative: high.negative, coefficient: x - y, exponent: exponent)
        }
        return rounded(negative: low.negative, coefficient: y - x, exponent: exponent)
    }

    public static func - (a: FEELNumber, b: FEELNumber) -> FEELNumber? { a + b.negated }

    public static func * (a: FEELNumber, b: FEELNumber) -> FEELNumber? {
        if a.coefficient == 0 || b.coefficient == 0 { return .zero }
        let negative = a.negative != b.negative
        let exponent = Int(a.exponent) + Int(b.exponent)
        let (high, low) = a.coefficient.multipliedFullWidth(by: b.coefficient)
        if high == 0 {
            return rounded(negative: negative, coefficient: low, exponent: exponent)
        }
        // The product has more than 128 bits: divide by a power of ten that leaves 37 or 38 digits.
        let bits = 256 - high.leadingZeroBitCount
        let shift = ((bits - 128) * 30103 + 99_999) / 100_000 + 1
        let divisor = powersOfTen[shift]
        let (quotient, remainder) = divisor.dividingFullWidth((high: high, low: low))
        let cut = discarded(remainder: remainder, half: divisor / 2, after: .zero)
        return rounded(negative: negative, coefficient: quotient, exponent: exponent + shift, discarded: cut)
    }

    public static func / (a: FEELNumber, b: FEELNumber) -> FEELNumber? {
        guard b.coefficient != 0 else { return nil }
        if a.coefficient == 0 { return .zero }
        let negative = a.negative != b.negative
        // Scale the dividend to 34 digits so the quotient's first digit is among the first two.
        let scale = precision - a.digitCount
        let dividend = a.coefficient * powersOfTen[scale]
        let divisor = b.coefficient
        let (whole, rest) = dividend.quotientAndRemainder(dividingBy: divisor)
        // Then as many further digits as fit: 37 digits in all, enough to round to 34.
        let more = 37 - (whole == 0 ? 0 : digits(whole))
        let (fraction, remainder) = divisor.dividingFullWidth(rest.multipliedFullWidth(by: powersOfTen[more]))
        let cut: Discarded
        if remainder == 0 {
            cut = .zero
        } else {
            let twice = remainder * 2
            cut = twice < divisor ? .belowHalf : (twice == divisor ? .half : .aboveHalf)
        }
        let coefficient = whole * powersOfTen[more] + fraction
        let exponent = Int(a.exponent) - scale - Int(b.exponent) - more
        return rounded(negative: negative, coefficient: coefficient, exponent: exponent, discarded: cut)
    }

    /// The number rounded to `scale` digits after the point (negative: before it) in `mode`;
    /// nil only when the result is too large.
    public func rounded(scale: Int, mode: RoundingMode) -> FEELNumber? {
        let cutDigits = -Int(exponent) - scale
        guard cutDigits > 0, coefficient != 0 else { return self }
        let (kept, cut) = FEELNumber.shiftRight(coefficient, by: cutDigits)
        var value = kept
        if FEELNumber.roundsUp(kept, cut, mode, negative: negative) { value += 1 }
        return FEELNumber.normalized(negative: negative, coefficient: value, exponent: -scale)
    }

    /// `modulo(dividend, divisor)` as DMN defines it: the result has the divisor's sign.
    public func modulo(_ divisor: FEELNumber) -> FEELNumber? {
        guard let quotient = self / divisor, let whole = quotient.rounded(scale: 0, mode: .floor),
              let product = divisor * whole else { return nil }
        return self - product
    }
}
