import Synchronization

/// One segment of a name written in a tag, as the renderer looks it up.
///
/// The text is for contexts that hold arbitrary names (dictionaries, a designer's custom
/// component data). The slot is the name's number in the `TemplateVocabulary` the template was
/// compiled with: a typed view model answers with an integer `switch` on it instead of
/// comparing strings, which is most of what a lookup used to cost.
///
/// Plain data, no reference: a key is copied for every look-up (into an opaque context), and a
/// copy of a `String` cost a retain and a release each time. The text lives in `InternedNames`,
/// made once per distinct name and kept.
public struct TemplateKey: Sendable {
    private let name: InternedNames.Name
    /// The name's index in the vocabulary, or -1 when the vocabulary does not know it.
    public let slot: Int
    /// In a specialized template, the row of an unrolled list the name belongs to; else -1.
    public let row: Int
    /// In a page plan, the inlined part (a component) whose context answers the name; else -1.
    public let part: Int

    public var text: String { name.text }

    public init(_ text: String, slot: Int = -1, row: Int = -1, part: Int = -1) {
        self.init(InternedNames.name(text), slot: slot, row: row, part: part)
    }

    private init(_ name: InternedNames.Name, slot: Int, row: Int, part: Int) {
        self.name = name
        self.slot = slot
        self.row = row
        self.part = part
    }

    /// The same name, answered by inlined part `part`.
    func inPart(_ part: Int) -> TemplateKey {
        TemplateKey(name, slot: slot, row: row, part: part)
    }

    /// The same name in row `row` of an unrolled list, answered by no inlined part.
    public func inRow(_ row: Int) -> TemplateKey {
        TemplateKey(name, slot: slot, row: row, part: -1)
    }
}

/// Every name a template key has been made for, each kept for the life of the process: the
/// names of the templates loaded (a reload adds only names never seen), so a few kilobytes.
enum InternedNames {
    /// A name's text behind an unowned reference: copying it retains nothing.
    struct Name: @unchecked Sendable {
        private unowned(unsafe) let box: Box
        fileprivate init(_ box: Box) { self.box = box }
        var text: String { box.text }
    }

    fileprivate final class Box: Sendable {
        let text: String
        init(_ text: String) { self.text = text }
    }

    private static let table = Mutex<[String: Box]>([:])

    /// Made when a template is compiled, never per page view.
    static func name(_ text: String) -> Name {
        table.withLock { boxes in
            if let box = boxes[text] { return Name(box) }
            let box = Box(text)
            boxes[text] = box
            return Name(box)
        }
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
