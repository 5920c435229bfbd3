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

    @Test(arguments: [0, 1, Component.itemsMadeOnce - 1, Component.itemsMadeOnce, 40, Component.itemsKept + 3])
    func anItemsComponentsHaveTheirKeysUnderTheItem(_ index: Int) {
        let item = CollectionItems.collection.item(index)
        #expect(item.map { $0.key?.description } == ["accounts[\(index)].nickname", nil])
        #expect(item.first?.id == "nick-accounts[\(index)]")
        #expect(item.last?.children.first?.key?.description == "accounts[\(index)].notify")
    }

    /// A collection inside an item reads a `$item` source in the item and stores its choice
    /// there; its own items are under its source, not under the outer item twice.
    @Test func aCollectionInsideAnItemHasItsPathsUnderTheItem() throws {
        let inner = Component(type: .collection, children: [Component(type: .input, key: try DataPath("name"))],
                              properties: ["source": "$item.people", "selectKey": "lead"])
        let outer = Component(type: .collection, children: [inner, Component(type: .collection, children: [], properties: ["source": "everyone"])],
                              properties: ["source": "groups"])
        let item = outer.item(1)
        #expect(item[0].source?.description == "groups[1].people")
        #expect(item[0].selectKey?.description == "groups[1].lead")
        #expect(item[0].item(2).first?.key?.description == "groups[1].people[2].name")
        #expect(item[1].source?.description == "everyone", "a source without $item is the instance data's")
    }

    @Test func theFirstItemsAreMadeOnce() {
        let collection = CollectionItems.collection
        #expect(collection.item(3).first?.identity == collection.item(3).first?.identity)
    }

    /// A page plan is kept by its components' identities: a later item's, made when first asked
    /// for, is the same copy after, up to `itemsKept`; past it each ask makes a new one.
    @Test func laterItemsAreKeptOnceMadeUpToTheBound() {
        let collection = CollectionItems.collection
        let later = Component.itemsMadeOnce + 20
        let first = collection.item(later).first?.identity
        #expect(collection.item(Component.itemsMadeOnce + 1).first?.key?.description == "accounts[\(Component.itemsMadeOnce + 1)].nickname")
        #expect(collection.item(later).first?.identity == first)
        let (one, other) = (collection.item(Component.itemsKept), collection.item(Component.itemsKept))
        #expect(one.first?.identity != other.first?.identity)
    }
}

/// An item's label that reads only `$item` and `$index` is read from the item itself, and says
/// what the same text says in the item's scope of the data.
@Suite struct ItemOnlyTexts {
    static let item: JSONValue = .object(["name": .string("Daily"), "iban": .object(["last": .string("0042")])])

    @Test func aTextReadingOnlyTheItemSaysWhatItSaysInTheItemsScope() {
        let text = Text("${$index}. ${$item.name} (…${$item.iban.last}) ${$item.missing}")
        #expect(text.readsOnlyItem(Tags(byLanguage: [:], defaultLanguage: "en"), language: "en"))
        let scope = ResolvedItem.scope(.object(["name": .string("not the item")]), item: ItemOnlyTexts.item, index: 2)
        #expect(text.resolve(Tags(byLanguage: [:], defaultLanguage: "en"), language: "en", item: ItemOnlyTexts.item, index: 2)
                == text.resolve(Tags(byLanguage: [:], defaultLanguage: "en"), language: "en", data: scope))
        #expect(text.resolve(Tags(byLanguage: [:], defaultLanguage: "en"), language: "en", item: ItemOnlyTexts.item, index: 2) == "2. Daily (…0042) ")
    }

    @Test func aPathOutsideTheItemReadsNothingFromIt() throws {
        #expect(try DataPath("name").get(item: ItemOnlyTexts.item, index: 0) == .null)
        #expect(try DataPath("$index.x").get(item: ItemOnlyTexts.item, index: 0) == .null)
    }
}
