import Definitions
import Expressions

/// `addItem` and `removeItem`: the rows of a list after the button was pressed, or nil when
/// the post cannot be applied (the list is full; the row to remove is gone).
enum ListRows {
    static func change(_ list: JSONValue, action: ActionDefinition.Kind, posted index: String?) -> JSONValue? {
        var rows = list.arrayValue ?? []
        switch action {
        case .addItem:
            guard rows.count < ActionDefinition.maxItems else { return nil }
            rows.append(.object([:]))
        case .removeItem:
            guard let index = index.flatMap({ Int($0) }), rows.indices.contains(index) else { return nil }
            rows.remove(at: index)
        default:
            return list
        }
        return .array(rows)
    }
}
