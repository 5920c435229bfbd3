import FEEL

/// What a decision saw and did, for the preview to show next to the table: one per decision
/// evaluated, in the order they finished (a required decision before the one requiring it).
public struct DecisionTrace: Sendable {
    public let id: String
    public let name: String
    /// `decisionTable`, `literalExpression`, `context`…
    public let logic: String
    /// For a decision table, each input's label (or expression text) and value; otherwise
    /// the decision's requirements (input data and decisions) by name.
    public let inputs: [TracedInput]
    /// For a decision table, the rules that matched, in rule order.
    public let matchedRules: [MatchedRule]
    public let result: FEELValue
    public let warnings: [String]
}

public struct TracedInput: Sendable {
    /// The input's label, or its expression text, or the requirement's name.
    public let label: String
    /// The FEEL text evaluated (empty for a requirement).
    public let expression: String
    public let value: FEELValue
}

public struct MatchedRule: Sendable {
    /// 1-based, as modelers number rows.
    public let number: Int
    public let id: String?
    public let inputEntries: [String]
    public let outputEntries: [String]
    /// The rule's annotation entries, then its `description` when it has one.
    public let annotations: [String]
}

/// A decision's (or a service's or function's) value with the trace of every decision
/// evaluated on the way and the warnings met.
public struct DecisionResult: Sendable {
    public let value: FEELValue
    public let trace: [DecisionTrace]
    public let warnings: [String]
}
