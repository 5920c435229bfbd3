/// Corpus texts that are no FEEL, on purpose or by their authors' mistake: the parse test
/// expects each of them to fail at the column given, and every other text to parse. They have
/// no row in the table (there is no value to check).
enum WildCorpusNotFEEL {
    struct Entry: Sendable {
        let kind: CorpusExpression.Kind
        let source: String
        /// The column (1-based, in Unicode scalars) the engine's syntax error names.
        let column: Int
        let reason: String
    }

    static let entries: [Entry] = [
        Entry(kind: .expression, source: "Service Level == 'Premium'", column: 18,
              reason: "the BPMN MIWG reference model C.3.0 writes its gateway conditions for people, in no "
                + "expression language (its `language` is XPath, yet this is no XPath either): FEEL has no "
                + "single-quoted strings (nor `==`); the engine stops at the quote"),
        Entry(kind: .expression, source: #"""
                {
                  factor: b.dynamic^b.period,
                  second_period: tp.numbers.second*factor,
                  second_tasks_period: tp.numbers.second_tasks*factor,
                  second_buffer: b.buffer*tp.numbers.second,
                  second_buffer_period: b.buffer*tp.numbers.second*factor,
                  second_buffer_tasks: second_buffer*tp.tasks,
                  second_buffer_tasks_period: second_buffer_tasks*factor,
                  day_period: tp.numbers.day*factor,
                  day_tasks_period: tp.numbers.day_tasks*factor,
                  day_buffer: b.buffer*tp.numbers.day,
                  day_buffer_period: b.buffer*tp.numbers.day*factor,
                  day_buffer_tasks: day_buffer*tp.tasks,
                  day_buffer_tasks_period: day_buffer_tasks*factor
                }
                """#, column: 22,
              reason: "form-js's complex-expressions spec writes a power `b.dynamic^b.period`: FEEL has no `^` (a "
                + "power is `**`), so the whole context is no FEEL; the engine stops at the `^`"),
    ]

    static func entry(_ kind: CorpusExpression.Kind, _ source: String) -> Entry? {
        entries.first { $0.kind == kind && $0.source == source }
    }
}
