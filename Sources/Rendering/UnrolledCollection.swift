import Definitions
import Expressions
import Template

/// A collection a page plan unrolls: its markup and its items' written into the plan, each
/// item a part of its own, each item component specialized (`SpecializedComponents`). What a
/// request still decides is the collection's error, `aria-describedby` and disabled flag, and
/// per item its label and whether its radio is chosen. Worked out at load for a collection
/// whose words read no data (but `itemLabel`), whose radios' values are the items' indexes,
/// and whose item components each keep their own id (a key or an id, under the item's index)
/// or print none, or are collections unrolled in turn (a list in each row), for up to
/// `Component.itemsKept` items (those past the first `SpecializedComponents.itemsWithEntries`
/// get their entries when the page's plan is made); a page with more items draws it whole.
final class UnrolledCollection: Sendable {
    /// The collection's `aria-describedby`, valid and invalid.
    let describedBy: String?
    let describedByInvalid: String?
    /// The first radio's id, which the error summary links to.
    let firstRadioID: String?
    /// The collection's `itemLabel`, if it has one.
    let itemLabel: Text?
    /// Whether `itemLabel` reads nothing but the item: then it is resolved in the item alone,
    /// not in a copy of the instance data with the item added.
    let labelReadsOnlyItem: Bool

    init(describedBy: String?, describedByInvalid: String?, firstRadioID: String?, itemLabel: Text?, labelReadsOnlyItem: Bool) {
        self.describedBy = describedBy
        self.describedByInvalid = describedByInvalid
        self.firstRadioID = firstRadioID
        self.itemLabel = itemLabel
        self.labelReadsOnlyItem = labelReadsOnlyItem
    }

    /// The names a request answers for each of its items (`FieldRequestValues` answers them
    /// all; the collection's own are `PlannedNames.ofCollection`).
    @Sendable static func isItemName(_ key: TemplateKey) -> Bool {
        switch ViewKey(key) {
        case .itemLabel?, .selected?: true
        default: false
        }
    }

    /// The collection's request values; its radio field's id is registered for the error summary.
    /// Read through the pointer (`Renderer.forEachPlanned`'s): the component passed as a value
    /// was copied, a retain and a release of each of its references per page view.
    func requestValues(_ resolved: UnsafePointer<ResolvedComponent>, state: borrowing ScreenState, ids: inout FieldIDs) -> FieldRequestValues {
        let key = resolved.pointee.selection?.key
        let error = key.flatMap { state.errors(for: $0).first?.message }
        if let key, let firstRadioID, !resolved.pointee.items.isEmpty, !state.errors.isEmpty { ids.register(key.description, id: firstRadioID) }
        return FieldRequestValues(value: "", error: error, describedBy: error == nil ? describedBy : describedByInvalid,
                                  disabled: resolved.pointee.disabled, checked: false, selected: [], changeURL: nil, formAction: "")
    }

    /// The index of the item the collection's choice holds, read once for all its items: the
    /// radios' values are the indexes written out, so a choice that is no index so written
    /// (`"01"`, `"x"`) chooses none, as the general path's comparison of texts decides.
    func chosenItem(_ collection: UnsafePointer<ResolvedComponent>, state: borrowing ScreenState) -> Int? {
        guard let chosen = collection.pointee.selection?.key.map({ state.chosenItem($0) }), let index = Int(chosen),
              index >= 0, String(index) == chosen else { return nil }
        return index
    }

    /// An item's request values: its label as `value`, and `checked` when its radio is the
    /// chosen one (`chosen`, from `chosenItem`); `total` is how many items the collection shows.
    func itemValues(_ item: UnsafePointer<ResolvedItem>, total: Int, chosen: Int?,
                    state: borrowing ScreenState, tags: Tags, ui: Words) -> FieldRequestValues {
        FieldRequestValues(value: item.pointee.label(itemLabel, total: total,
                                                     // `JSONValue?.none`: a bare `nil` is `JSONValue.null` here.
                                                     scope: labelReadsOnlyItem ? JSONValue?.none
                                                         : ResolvedItem.scope(state.data, item: item.pointee.value, index: item.pointee.index),
                                                     tags: tags, language: state.language, ui: ui),
                           error: nil, describedBy: nil, disabled: false, checked: chosen == item.pointee.index,
                           selected: [], changeURL: nil, formAction: "")
    }
}

extension ResolvedItem {
    /// The item's label: the collection's `itemLabel` (`text`), read in `scope` (the data with
    /// `$item` and `$index`, made only when there is one; nil for a label that reads only the
    /// item), else "Item 2 of 3".
    func label(_ text: Text?, total: Int, scope: @autoclosure () -> JSONValue?, tags: Tags, language: String,
               ui: Words) -> String {
        guard let text else { return ui.format("itemOf", index + 1, total) }
        guard let scope = scope() else { return text.resolve(tags, language: language, item: value, index: index) }
        return text.resolve(tags, language: language, data: scope)
    }
}

extension ScreenState {
    /// The value of a collection's radio field as its radios compare it: what was posted, else the data.
    func chosenItem(_ key: DataPath) -> String {
        rawValues[key.description] ?? data.value(at: key).displayString
    }
}
