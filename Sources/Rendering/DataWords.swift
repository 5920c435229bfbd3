import Definitions
import Expressions

/// A component's words where they read the data (`Hello ${name}`, `e.g. ${example}`): names
/// left to the request, the rest of its markup written in at load; in a collection's item, read
/// in the item.
struct DataWords: Sendable {
    let texts: [(key: ViewKey, text: Text)]
    /// A child list waiting for its parent, when its hint or the parent's label reads the data:
    /// the hint written per request is its own and one naming the parent.
    var waiting: WaitingHint? = nil

    /// A child list's hint while its parent field is empty (`Component.parentKey`). A class: a
    /// page plan copies every part's words per view, and one reference keeps that copy small.
    final class WaitingHint: Sendable {
        let own: Text?
        let parentLabel: Text?
        let parentKey: DataPath
        let ui: Words

        init(own: Text?, parentLabel: Text?, parentKey: DataPath, ui: Words) {
            (self.own, self.parentLabel, self.parentKey, self.ui) = (own, parentLabel, parentKey, ui)
        }

        /// The hint: its own, then "choose … first" naming the parent's label (its key when it has none).
        static func written(own: String?, parentLabel: String?, parentKey: DataPath, ui: Words) -> String {
            [own, ui.named("chooseParentFirst", parentLabel ?? parentKey.description)].compactMap { $0 }.joined(separator: " ")
        }

        func written(tags: borrowing Tags, language: String, data: JSONValue) -> String {
            Self.written(own: own?.resolve(tags, language: language, data: data),
                         parentLabel: parentLabel?.resolve(tags, language: language, data: data), parentKey: parentKey, ui: ui)
        }
    }

    /// Nil when none of its words (`carried`) reads data. `waitingIn`: the task of a child list
    /// waiting for its parent, whose hint names the parent's label.
    static func of(_ component: Component, project: Project, language: String, waitingIn task: UserTask? = nil) -> DataWords? {
        let texts = carried(component).compactMap { key, text in
            text.flatMap { $0.dependsOnData(project.tags, language: language) ? (key: key, text: $0) : nil }
        }
        var words = DataWords(texts: texts)
        if let task, let parentKey = component.parentKey {
            let parentLabel = task.parentLabel(parentKey)
            if [component.hint, parentLabel].contains(where: { $0?.dependsOnData(project.tags, language: language) ?? false }) {
                words.waiting = WaitingHint(own: component.hint, parentLabel: parentLabel, parentKey: parentKey,
                                            ui: project.words.for(language))
            }
        }
        return texts.isEmpty && words.waiting == nil ? nil : words
    }

    /// The words as `data` gives them.
    func written(tags: borrowing Tags, language: String, data: JSONValue) -> [(key: ViewKey, text: String)] {
        let written = texts.map { (key: $0.key, text: $0.text.resolve(tags, language: language, data: data)) }
        guard let waiting else { return written }
        return written.filter { $0.key != .hint } + [(key: .hint, text: waiting.written(tags: tags, language: language, data: data))]
    }

    /// An input's prefix and suffix: each is drawn with an id of its own (the field's and a
    /// suffix) that the field's `aria-describedby` names while it shows (`describeAffixes`).
    static let affixes: [(word: ViewKey, property: String, id: ViewKey, idSuffix: String)] = [
        (.prefix, "prefix", .prefixID, "-prefix"), (.suffix, "suffix", .suffixID, "-suffix"),
    ]

    /// `written` with the id of each affix among them (whether it shows is the request's: its
    /// section prints the id while it does).
    static func withAffixIDs(_ written: [(key: ViewKey, text: String)], fieldID: String) -> [(key: ViewKey, text: String)] {
        guard !written.isEmpty else { return written }
        var words = written
        for affix in affixes where written.contains(where: { $0.key == affix.word }) {
            words.append((key: affix.id, text: fieldID + affix.idSuffix))
        }
        return words
    }

    /// `described` (an entry's, which may name its affixes as its drafted page showed them)
    /// with the ids of the affixes among `written` that show this request, last, as the general
    /// path orders them; nil when it names none.
    static func describedBy(_ described: String?, affixesIn written: [(key: ViewKey, text: String)], fieldID: String) -> String? {
        let affixIDs = affixes.map { fieldID + $0.idSuffix }
        var ids = described.map { $0.split(separator: " ").map(String.init) } ?? []
        ids.removeAll(where: affixIDs.contains)
        for (affix, id) in zip(affixes, affixIDs) where written.contains(where: { $0.key == affix.word && !$0.text.isEmpty }) {
            ids.append(id)
        }
        return ids.isEmpty ? nil : ids.joined(separator: " ")
    }

    /// The words a request may write for `component`: its label, hint and title, its type's
    /// own words (`fieldWords`), and its placeholder but where its rule writes that
    /// (`writtenByRule`); a container's or card's label, title and subtitle. (A child list
    /// waiting for its parent adds to its hint: `WaitingHint`.)
    static func carried(_ component: Component) -> [(ViewKey, Text?)] {
        if component.type.isContainer {
            return [(.label, component.label), (.title, component.title), (.subtitle, component.text("subtitle"))]
        }
        return fieldWords(component).filter { $0.0 != writtenByRule(component) }
    }

    /// The word of a field its rule writes (`RuleWord`), not carried: a date's or a time's
    /// placeholder, which a posted text that is no date replaces.
    static func writtenByRule(_ component: Component) -> ViewKey? {
        let temporal = component.type == .datepicker || component.inputType == "time" || component.inputType == "datetime-local"
        return temporal ? .placeholder : nil
    }

    /// A field's own words by name: those `carried` picks from; the rest a page plan prints
    /// whole when they read the data (`SpecializedComponents`). A type's own word is one its
    /// template prints as a name of the component (a select's empty choice, an upload's
    /// button, a table's caption, an image's alt, an input's prefix and suffix: `affixes`), as
    /// `ScreenViewBuilder` fills it.
    static func fieldWords(_ component: Component) -> [(ViewKey, Text?)] {
        let words: [(ViewKey, Text?)] = [(.label, component.label), (.hint, component.hint), (.title, component.title),
                                         (.placeholder, component.placeholder)]
        return switch component.type {
        case .input: words + affixes.map { ($0.word, component.text($0.property)) }
        case .select: words + [(.emptyLabel, component.text("emptyLabel"))]
        case .fileUpload: words + [(.uploadLabel, component.text("uploadLabel"))]
        case .table: words + [(.caption, component.text("caption"))]
        // An image's own alt may read the data (form-js's `=alt`); a media item's alt never does.
        case .image: words + [(.alt, component.alt)]
        default: words
        }
    }
}
