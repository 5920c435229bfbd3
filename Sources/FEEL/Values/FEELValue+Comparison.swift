/// FEEL's equality, order and type conformance for hosts of the engine (a DMN decision
/// table compares outputs, sorts them and coerces results): the same rules the operators use.
extension FEELValue {
    /// `a = b`: true, false, or nil when the two cannot be compared (different types).
    public static func equal(_ a: FEELValue, _ b: FEELValue) -> Bool? { Comparisons.equal(a, b) }

    /// -1, 0 or 1 as `<` orders them; nil when they have no order between them.
    public static func order(_ a: FEELValue, _ b: FEELValue) -> Int? { Comparisons.order(a, b) }
}

extension FEELType {
    /// A type as written in a DMN `typeRef` or after `instance of` (`list<number>`,
    /// `context<name: string>`, `date and time`); names in `namedTypes` are the model's own.
    public init(parsing text: String, namedTypes: [String: FEELType] = [:]) throws(FEELSyntaxError) {
        self = try Parser.parseType(text, namedTypes: namedTypes)
    }

    /// The value as this type, by DMN 1.5's implicit conversions (10.3.2.9.4: a singleton list
    /// for its item, an item for a singleton list, a date for its midnight); nil when it does
    /// not conform. Null conforms to every type.
    public func conformed(_ value: FEELValue) -> FEELValue? {
        if value.isNull || matches(value) { return value }
        return Conversions.conform(value, to: self)
    }
}

extension FEELFunction {
    /// Calls the function with arguments by parameter name (a DMN invocation's bindings);
    /// a problem is null with a warning, as inside an expression.
    public func call(named arguments: [(name: String, value: FEELValue)], environment: FEELEnvironment = FEELEnvironment()) -> FEELResult {
        var interpreter = Interpreter(variables: NoVariables(), environment: environment)
        let value = interpreter.invoke(self, .named(arguments), at: 0)
        return FEELResult(value: interpreter.exhausted ? .null : value, warnings: interpreter.warnings)
    }

    /// Calls the function with arguments in parameter order.
    public func call(_ arguments: [FEELValue], environment: FEELEnvironment = FEELEnvironment()) -> FEELResult {
        var interpreter = Interpreter(variables: NoVariables(), environment: environment)
        let value = interpreter.invoke(self, .positional(arguments), at: 0)
        return FEELResult(value: interpreter.exhausted ? .null : value, warnings: interpreter.warnings)
    }
}
