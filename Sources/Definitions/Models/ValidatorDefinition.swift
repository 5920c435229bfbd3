import Expressions

/// A validator attached to a field (docs/reference/validators.md).
public struct ValidatorDefinition: Sendable {
    public enum Kind: String, Sendable, CaseIterable {
        case required, requiredTrue, minLength, maxLength, min, max, pattern, email
        case isSameOrBeforeToday, isSameOrAfterToday, custom
        /// A number that is the field's `min` (else 0) plus a whole number of `value`s, like
        /// HTML's `step`: form-js `increment`, which a pattern cannot express.
        case step
        /// A number with at most `value` decimal places (0: a whole number): form-js
        /// `decimalDigits`, Camunda 7's `long`.
        case decimalPlaces
        /// A phone number in international form (`+442071838750`): form-js `validationType: phone`.
        case phone
    }

    /// A validator's `value`: a constant, or an expression when written as `"=expr"`.
    public enum Bound: Sendable {
        case constant(JSONValue)
        case expression(Expression)
    }

    public let kind: Kind
    public let value: Bound?
    public let message: Text?
    /// `custom`: the validator's name, resolved in Swift first, then in validators.json.
    public let name: String?
    public let params: [String]
    /// `pattern`: compiled once at load.
    public let pattern: Pattern?
    public let pointer: JSONPointer

    public init(kind: Kind, value: Bound? = nil, message: Text? = nil, name: String? = nil,
                params: [String] = [], pattern: Pattern? = nil, pointer: JSONPointer = JSONPointer()) {
        self.kind = kind; self.value = value; self.message = message; self.name = name
        self.params = params; self.pattern = pattern; self.pointer = pointer
    }
}

/// A named validator written as an expression in validators.json.
public struct NamedValidator: Sendable {
    public let name: String
    public let expression: Expression
    public let message: Text?
}
