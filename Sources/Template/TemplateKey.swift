/// One segment of a name written in a tag, as the renderer looks it up.
///
/// The text is for contexts that hold arbitrary names (dictionaries, a designer's custom
/// component data). The slot is the name's number in the `TemplateVocabulary` the template was
/// compiled with: a typed view model answers with an integer `switch` on it instead of
/// comparing strings, which is most of what a lookup used to cost.
public struct TemplateKey: Sendable {
    public let text: String
    /// The name's index in the vocabulary, or -1 when the vocabulary does not know it.
    public let slot: Int
    /// In a specialized template, the row of an unrolled list the name belongs to; else -1.
    public let row: Int
    /// In a page plan, the inlined part (a component) whose context answers the name; else -1.
    public let part: Int

    public init(_ text: String, slot: Int = -1, row: Int = -1, part: Int = -1) {
        self.text = text
        self.slot = slot
        self.row = row
        self.part = part
    }

    /// The same name, answered by inlined part `part`.
    func inPart(_ part: Int) -> TemplateKey {
        TemplateKey(text, slot: slot, row: row, part: part)
    }
}

/// The names a family of view models answers, numbered. Given to the compiler, so each name
/// in a template is bound to its number once, at load.
public struct TemplateVocabulary: Sendable {
    private let slots: [String: Int]

    /// `names[i]` gets slot `i`.
    public init(_ names: [String]) {
        slots = Dictionary(names.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// Knows no name: every key gets slot -1, and only text-keyed contexts answer.
    public static let none = TemplateVocabulary([])

    func key(_ text: String) -> TemplateKey {
        TemplateKey(text, slot: slots[text] ?? -1)
    }
}
