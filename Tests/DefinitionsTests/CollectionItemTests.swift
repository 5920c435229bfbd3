@testable import Definitions
import Expressions
import Testing

/// A collection's item components are its children with their keys (and ids) under the item:
/// the same for every item position, made once with the definition for the first ones.
@Suite struct CollectionItems {
    static let collection = Component(
        type: .collection, key: nil,
        children: [Component(type: .input, id: "nick", key: try! DataPath("nickname")),
                   Component(type: .card, children: [Component(type: .switch, key: try! DataPath("notify"))])],
        properties: ["source": .string("accounts")])

    @Test(arguments: [0, 1, Component.itemsMadeOnce - 1, Component.itemsMadeOnce, 40])
    func anItemsComponentsHaveTheirKeysUnderTheItem(_ index: Int) {
        let item = CollectionItems.collection.item(index)
        #expect(item.map { $0.key?.description } == ["accounts[\(index)].nickname", nil])
        #expect(item.first?.id == "nick-accounts[\(index)]")
        #expect(item.last?.children.first?.key?.description == "accounts[\(index)].notify")
    }

    @Test func theFirstItemsAreMadeOnce() {
        let collection = CollectionItems.collection
        #expect(collection.item(3).first?.identity == collection.item(3).first?.identity)
    }
}
