/// A decision's "try it" page (`GET /decisions/{id}`) as plain values: the fields to fill in,
/// the decision's logic, and after a submit what the engine made of them. The server works
/// out the fields from the DMN model and evaluates (Preview); this only draws, so Rendering
/// needs no DMN engine.
public struct DecisionPage: Sendable {
    /// One value the person gives: an input data, or a variable a table or literal reads.
    public struct Field: Sendable {
        /// How the text typed is read, which decides the control.
        public enum Kind: String, Sendable {
            /// A decimal number: a number input.
            case number
            /// Yes, no or not given: three radios.
            case boolean
            /// `date("2025-03-31")`: a date input.
            case date
            /// `date and time("2025-03-31T09:30:00")`: a text input.
            case dateTime
            /// Text as it is: a text input.
            case string
            /// A FEEL value (a structure or a list): a text input read as FEEL.
            case feel
            /// No type given: a number if it reads as one, `true`/`false`, else text.
            case any
        }

        /// Why the text given does not convert, worded by the page.
        public enum Problem: Error, Sendable, Equatable {
            case notANumber, notABoolean, notADate, notADateTime
            /// The FEEL text does not parse: the engine's reason.
            case notFEEL(String)
        }

        /// The query parameter: the variable's name (`amount`, `applicant.age`).
        public var name: String
        /// The table input's label when a table reads this variable under one, else its name.
        public var label: String
        /// The `typeRef` as the model writes it, for the hint; nil when untyped.
        public var typeRef: String?
        public var kind: Kind
        /// Allowed values (`inputValues`, an item definition's `allowedValues`), as typed.
        public var options: [String]
        /// The text given, shown back.
        public var value: String
        public var problem: Problem?

        public init(name: String, label: String, typeRef: String?, kind: Kind, options: [String] = [], value: String = "",
                    problem: Problem? = nil) {
            self.name = name; self.label = label; self.typeRef = typeRef; self.kind = kind
            self.options = options; self.value = value; self.problem = problem
        }
    }

    /// A decision table written out: every rule, each marked when it matched.
    public struct Table: Sendable {
        public struct Rule: Sendable {
            public var number: Int
            public var inputEntries: [String]
            public var outputEntries: [String]
            public var annotations: [String]
            /// nil before an evaluation: nothing is marked.
            public var matched: Bool?

            public init(number: Int, inputEntries: [String], outputEntries: [String], annotations: [String], matched: Bool?) {
                self.number = number; self.inputEntries = inputEntries; self.outputEntries = outputEntries
                self.annotations = annotations; self.matched = matched
            }
        }

        public var hitPolicy: String
        public var inputs: [String]
        public var outputs: [String]
        public var annotations: [String]
        public var rules: [Rule]

        public init(hitPolicy: String, inputs: [String], outputs: [String], annotations: [String], rules: [Rule]) {
            self.hitPolicy = hitPolicy; self.inputs = inputs; self.outputs = outputs
            self.annotations = annotations; self.rules = rules
        }
    }

    /// A decision's logic as the page shows it.
    public enum Logic: Sendable {
        case table(Table)
        /// A literal expression's FEEL text.
        case literal(String)
        /// Another boxed expression: its element's name.
        case other(String)
    }

    /// One decision the evaluation went through (required decisions first).
    public struct Evaluated: Sendable {
        public struct Input: Sendable {
            public var label: String
            /// The value as FEEL writes it.
            public var value: String
            public init(label: String, value: String) { self.label = label; self.value = value }
        }

        public var name: String
        public var inputs: [Input]
        /// The rules that matched, numbered as the table's rows; marked in `logic` too.
        public var matched: [Table.Rule]
        public var result: String
        public var warnings: [String]
        public var logic: Logic?

        public init(name: String, inputs: [Input], matched: [Table.Rule], result: String, warnings: [String], logic: Logic?) {
            self.name = name; self.inputs = inputs; self.matched = matched; self.result = result
            self.warnings = warnings; self.logic = logic
        }
    }

    public enum Outcome: Sendable {
        /// The decision's value as FEEL writes it, its FEEL type, and every decision evaluated.
        case value(literal: String, type: String, decisions: [Evaluated], warnings: [String])
        /// The evaluation could not start or was stopped (a limit): the engine's reason.
        case failed(String)
    }

    /// The decision's id (its address) and name.
    public var id: String
    public var name: String
    /// The DMN file, relative to the project.
    public var file: String
    public var question: String?
    public var fields: [Field]
    /// Required decisions whose values a table reads: worked out, never asked.
    public var computed: [String]
    /// The decision's own logic, shown before anything is tried.
    public var logic: Logic?
    public var outcome: Outcome?

    public init(id: String, name: String, file: String, question: String?, fields: [Field], computed: [String],
                logic: Logic?, outcome: Outcome?) {
        self.id = id; self.name = name; self.file = file; self.question = question; self.fields = fields
        self.computed = computed; self.logic = logic; self.outcome = outcome
    }
}
