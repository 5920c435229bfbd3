import Template
import Testing

/// Specialization writes what is known into the template and leaves the rest to the request;
/// what it prints for a request is what the template prints for the same values.
@Suite struct Specialization {
    static func compile(_ source: String) throws -> CompiledTemplate {
        try CompiledTemplate(name: "t", source: source) { _ in nil }
    }

    static func item(_ name: String) -> TemplateValue {
        .object(DictionaryContext(["name": .text(name)]))
    }

    /// A list known only per request (an error summary's items): its body is kept as written.
    @Test func aListLeftToTheRequestPrintsTheRequestsItems() throws {
        let template = try Specialization.compile("<h2>{{title}}</h2><ul>{{#items}}<li>{{name}}</li>{{/items}}</ul>")
        let sample = DictionaryContext(["title": .text("Fix these"), "items": .list([Specialization.item("a")])])
        let page = try #require(TemplateSpecializer.specialize(page: template, root: sample,
                                                               isDynamic: { $0.text == "items" }, partOf: { _ in nil }))
        let request = DictionaryContext(["items": .list([Specialization.item("x <y>"), Specialization.item("z")])])
        #expect(page.render(request) == "<h2>Fix these</h2><ul><li>x &lt;y&gt;</li><li>z</li></ul>")
        #expect(page.lookedUpNames.map(\.text).sorted() == ["items", "name"])
    }

    /// A known list is written out item by item: a name its item answers is the item's, even
    /// where the root's name of the same spelling is the request's (a table column's `label`
    /// beside the table's own label that reads the data).
    @Test func aNameAKnownItemAnswersIsTheItemsEvenWhereTheRootsIsTheRequests() throws {
        let template = try Specialization.compile("<p>{{label}}</p>{{#columns}}<th>{{label}}</th>{{/columns}}")
        let sample = DictionaryContext(["label": .text("sample"), "columns": .list([.object(DictionaryContext(["label": .text("To")]))])])
        let specialized = try #require(TemplateSpecializer.specialize(template, root: sample, isDynamic: { key, _ in key.text == "label" }))
        #expect(specialized.render(DictionaryContext(["label": .text("Paid by Ana")])) == "<p>Paid by Ana</p><th>To</th>")
    }

    /// A name in such a body that its items do not answer would have been found outside the
    /// list, in what was known only while specializing: the template is not specialized.
    @Test func aListBodyThatReadsOutsideItsItemsIsNotSpecialized() throws {
        let template = try Specialization.compile("{{#items}}<li>{{name}} {{title}}</li>{{/items}}")
        let sample = DictionaryContext(["title": .text("Fix these"), "items": .list([Specialization.item("a")])])
        #expect(TemplateSpecializer.specialize(page: template, root: sample, isDynamic: { $0.text == "items" },
                                               partOf: { _ in nil }) == nil)
    }

    /// A kept list's nested sections are checked against the items they push (a table's rows
    /// and their cells): names an inner item answers are kept, and print the request's.
    @Test func aNestedListInAListLeftToTheRequestPrintsTheRequestsItems() throws {
        let template = try Specialization.compile("<caption>{{title}}</caption>{{#rows}}<tr>{{#cells}}<td>{{text}}</td>{{/cells}}</tr>{{/rows}}")
        func row(_ texts: [String]) -> TemplateValue {
            .object(DictionaryContext(["cells": .list(texts.map { .object(DictionaryContext(["text": .text($0)])) })]))
        }
        let sample = DictionaryContext(["title": .text("Accounts"), "rows": .list([row(["a", "b"])])])
        let page = try #require(TemplateSpecializer.specialize(page: template, root: sample,
                                                               isDynamic: { $0.text == "rows" }, partOf: { _ in nil }))
        let request = DictionaryContext(["rows": .list([row(["x <y>", "1"]), row(["z"])])])
        #expect(page.render(request) == "<caption>Accounts</caption><tr><td>x &lt;y&gt;</td><td>1</td></tr><tr><td>z</td></tr>")
    }

    /// The nested list may be rows of one object (a table row's cells): its names are checked
    /// against each row, and print the request's.
    @Test func nestedRowsInAListLeftToTheRequestPrintTheRequestsRows() throws {
        final class Cells: TemplateContext, TemplateRows {
            let texts: [String]
            init(_ texts: [String]) { self.texts = texts }
            func value(for key: TemplateKey) -> TemplateValue? { key.text == "cells" ? .rows(self) : nil }
            var count: Int { texts.count }
            func value(for key: TemplateKey, row: Int) -> TemplateValue? { key.text == "text" ? .text(texts[row]) : nil }
        }
        let template = try Specialization.compile("{{#rows}}<tr>{{#cells}}<td>{{text}}</td>{{/cells}}</tr>{{/rows}}")
        let page = try #require(TemplateSpecializer.specialize(page: template, root: DictionaryContext(["rows": .list([.object(Cells(["a"]))])]),
                                                               isDynamic: { $0.text == "rows" }, partOf: { _ in nil }))
        let request = DictionaryContext(["rows": .list([.object(Cells(["x <y>", "1"])), .object(Cells(["z"]))])])
        #expect(page.render(request) == "<tr><td>x &lt;y&gt;</td><td>1</td></tr><tr><td>z</td></tr>")
        #expect(TemplateSpecializer.specialize(page: try Specialization.compile("{{#rows}}{{#cells}}{{other}}{{/cells}}{{/rows}}"),
                                               root: DictionaryContext(["rows": .list([.object(Cells(["a"]))])]),
                                               isDynamic: { $0.text == "rows" }, partOf: { _ in nil }) == nil,
                "a name no row answers is refused")
    }

    /// A name inside the nested list that no item answers, inner or outer, would have been found
    /// in what was known only while specializing: not specialized. Nor is a nested list whose
    /// sample is empty, since nothing then says what its items answer.
    @Test(arguments: [
        "{{#rows}}{{#cells}}<td>{{text}} {{title}}</td>{{/cells}}{{/rows}}",
        "{{#rows}}{{#empty}}<td>{{text}}</td>{{/empty}}{{/rows}}",
    ])
    func aNestedListBodyThatReadsOutsideEveryItemIsNotSpecialized(_ source: String) throws {
        let template = try Specialization.compile(source)
        let cell = TemplateValue.object(DictionaryContext(["text": .text("a")]))
        let sample = DictionaryContext(["title": .text("Accounts"),
                                        "rows": .list([.object(DictionaryContext(["cells": .list([cell]), "empty": .list([])]))])])
        #expect(TemplateSpecializer.specialize(page: template, root: sample, isDynamic: { $0.text == "rows" },
                                               partOf: { _ in nil }) == nil)
    }

    /// A part left whole is asked of the request as it is: its own template with its own values.
    @Test func aWholePartIsDrawnFromTheRequest() throws {
        let inner = try Specialization.compile("<b>{{name}}</b>")
        let part = DictionaryContext(["name": .text("sample")])
        let template = try Specialization.compile("<p>{{{field}}}</p>")
        let sample = DictionaryContext(["field": .embed(inner, part)])
        let page = try #require(TemplateSpecializer.specialize(page: template, root: sample, isDynamic: { _ in false },
                                                               partOf: { $0 === part ? .whole(0) : nil }))
        final class Request: TemplateContext {
            let inner: CompiledTemplate
            init(_ inner: CompiledTemplate) { self.inner = inner }
            func value(for key: TemplateKey) -> TemplateValue? {
                key.part == 0 ? .embed(inner, DictionaryContext(["name": .text("per request")])) : nil
            }
        }
        #expect(page.render(Request(inner)) == "<p><b>per request</b></p>")
    }

    /// A mixed part is inlined with its known names written in (its list unrolled) and only the
    /// names it picks asked of the request, each bound to its part: a collection and its items.
    @Test func aMixedPartAsksTheRequestOnlyForTheNamesItPicks() throws {
        let inner = try Specialization.compile("<ul>{{#items}}<li{{#selected}} class=on{{/selected}}>{{id}}: {{label}}</li>{{/items}}</ul>")
        let first = DictionaryContext(["id": .text("i-1"), "label": .text("sample"), "selected": .bool(false)])
        let second = DictionaryContext(["id": .text("i-2"), "label": .text("sample"), "selected": .bool(false)])
        let collection = DictionaryContext(["items": .list([.object(first), .object(second)])])
        let template = try Specialization.compile("<p>{{{field}}}</p>")
        let perItem: @Sendable (TemplateKey) -> Bool = { $0.text == "label" || $0.text == "selected" }
        let page = try #require(TemplateSpecializer.specialize(
            page: template, root: DictionaryContext(["field": .embed(inner, collection)]), isDynamic: { _ in false },
            partOf: { $0 === collection ? .mixed(0, isDynamic: { _ in false }) : $0 === first ? .mixed(1, isDynamic: perItem)
                : $0 === second ? .mixed(2, isDynamic: perItem) : nil }))
        final class Request: TemplateContext {
            func value(for key: TemplateKey) -> TemplateValue? {
                switch (key.part, key.text) {
                case (1, "label"): .text("Current <1>")
                case (2, "label"): .text("Savings")
                case (let part, "selected"): .bool(part == 2)
                default: nil
                }
            }
        }
        #expect(page.render(Request()) == "<p><ul><li>i-1: Current &lt;1&gt;</li><li class=on>i-2: Savings</li></ul></p>")
        #expect(Set(page.lookedUpNames.map(\.text)) == ["label", "selected"])
    }
}
