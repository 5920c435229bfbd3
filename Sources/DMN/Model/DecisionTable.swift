/// A decision table (DMN 1.5, 8): inputs, outputs, rules and how matches make the result.
public struct DecisionTable: Sendable {
    public enum HitPolicy: String, Sendable, CaseIterable {
        case unique = "UNIQUE", any = "ANY", priority = "PRIORITY", first = "FIRST"
        case ruleOrder = "RULE ORDER", outputOrder = "OUTPUT ORDER", collect = "COLLECT"
    }

    public enum Aggregation: String, Sendable, CaseIterable {
        case sum = "SUM", min = "MIN", max = "MAX", count = "COUNT"
    }

    public struct Input: Sendable {
        public var label: String?
        public var expression: FEELText
        public var typeRef: String?
        /// `inputValues`: unary tests the input's value must pass.
        public var inputValues: FEELText?

        public init(label: String?, expression: FEELText, typeRef: String? = nil, inputValues: FEELText? = nil) {
            self.label = label; self.expression = expression; self.typeRef = typeRef; self.inputValues = inputValues
        }
    }

    public struct Output: Sendable {
        public var name: String?
        public var label: String?
        public var typeRef: String?
        /// `outputValues`: the values an output may take, in priority order (first is highest).
        public var outputValues: FEELText?
        /// `defaultOutputEntry`: the output when no rule matches.
        public var defaultValue: FEELText?
        /// The output values read as a list (`"high", "low"` as `["high", "low"]`), to rank
        /// outputs for PRIORITY and OUTPUT ORDER; parsed once.
        let priorityList: FEELText?

        public init(name: String?, label: String? = nil, typeRef: String? = nil, outputValues: FEELText? = nil, defaultValue: FEELText? = nil) {
            self.name = name; self.label = label; self.typeRef = typeRef; self.outputValues = outputValues; self.defaultValue = defaultValue
            priorityList = outputValues.map { FEELText.expression("[" + $0.source + "]") }
        }
    }

    public struct Rule: Sendable {
        public var id: String?
        public var inputEntries: [FEELText]
        public var outputEntries: [FEELText]
        /// `annotationEntry` texts (DMN 1.3+), one per annotation column.
        public var annotations: [String]
        public var description: String?

        public init(id: String? = nil, inputEntries: [FEELText], outputEntries: [FEELText], annotations: [String] = [], description: String? = nil) {
            self.id = id; self.inputEntries = inputEntries; self.outputEntries = outputEntries
            self.annotations = annotations; self.description = description
        }
    }

    public var hitPolicy: HitPolicy
    public var aggregation: Aggregation?
    public var inputs: [Input]
    public var outputs: [Output]
    /// Annotation columns' names (DMN 1.3+ `annotation`).
    public var annotationNames: [String]
    public var rules: [Rule]
    /// The table's own name for its single output when it has no output name (the decision's).
    public var outputLabel: String?

    public init(hitPolicy: HitPolicy = .unique, aggregation: Aggregation? = nil, inputs: [Input], outputs: [Output],
                annotationNames: [String] = [], rules: [Rule], outputLabel: String? = nil) {
        self.hitPolicy = hitPolicy; self.aggregation = aggregation; self.inputs = inputs; self.outputs = outputs
        self.annotationNames = annotationNames; self.rules = rules; self.outputLabel = outputLabel
    }
}
