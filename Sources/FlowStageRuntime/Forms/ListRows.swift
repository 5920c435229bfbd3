import Definitions
import Expressions

/// `addItem` and `removeItem`: a row added to or removed from the action's list in the data.
enum ListRows {
    /// Why a post changed nothing.
    enum Refusal {
        /// The list holds `ActionDefinition.maxItems` rows.
        case full
        /// The row to remove is gone, or the row holding the list.
        case rowGone
        /// The row holding the list to add to is gone.
        case listGone
    }

    /// Applies the action to `data`. `posted` is the button's `_item`: the positions of the
    /// rows it names (`ActionDefinition.posted`), of which the innermost count (`rowsPosted`); a
    /// button inside rows of other lists as well names those first.
    static func apply(_ action: ActionDefinition, to data: inout JSONValue, posted: String?) -> Refusal? {
        guard let list = action.list else { return nil }
        let adding = action.kind == .addItem
        let needed = action.rowsPosted
        guard let rows = needed == 0 ? [] : posted.flatMap(ListKey.rows), rows.count >= needed else {
            return adding ? .listGone : .rowGone
        }
        let named = rows.suffix(needed)
        guard let path = list.path(rows: named.prefix(list.rowsAbove), in: data) else { return adding ? .listGone : .rowGone }
        var items = path.get(in: data).arrayValue ?? []
        if adding {
            guard items.count < ActionDefinition.maxItems else { return .full }
            items.append(.object([:]))
        } else {
            guard let row = named.last, items.indices.contains(row) else { return .rowGone }
            items.remove(at: row)
        }
        path.set(.array(items), in: &data)
        return nil
    }
}
