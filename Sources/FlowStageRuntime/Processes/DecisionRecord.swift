import DMN
import FEEL

/// What a business rule task's decision did, kept on the instance for the inspector: each
/// decision evaluated (required ones first) with its inputs, the rules that matched and its result.
public struct DecisionRecord: Sendable, Codable, Equatable {
    public struct Evaluated: Sendable, Codable, Equatable {
        public struct Input: Sendable, Codable, Equatable {
            public let label: String
            /// The value written as FEEL.
            public let value: String
        }

        public struct Rule: Sendable, Codable, Equatable {
            /// 1-based, as modelers number rows.
            public let number: Int
            public let inputEntries: [String]
            public let outputEntries: [String]
            public let annotations: [String]
        }

        public let id: String
        public let name: String
        public let inputs: [Input]
        public let rules: [Rule]
        /// The result written as FEEL.
        public let result: String
    }

    /// The task key of the business rule task.
    public let task: String
    public let decisions: [Evaluated]

    init(task: String, trace: [DecisionTrace]) {
        self.task = task
        decisions = trace.map { decision in
            Evaluated(id: decision.id, name: decision.name,
                      inputs: decision.inputs.map { Evaluated.Input(label: $0.label, value: $0.value.literal) },
                      rules: decision.matchedRules.map {
                          Evaluated.Rule(number: $0.number, inputEntries: $0.inputEntries, outputEntries: $0.outputEntries, annotations: $0.annotations)
                      },
                      result: decision.result.literal)
        }
    }
}
