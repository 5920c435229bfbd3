import Template
import Testing

/// FlowStage's own rules on top of the spec: one rule, one test.
@Suite struct TemplateBehaviourTests {
    private func render(_ source: String, _ values: [String: TemplateValue] = [:],
                        partials: [String: String] = [:]) throws -> String {
        try CompiledTemplate(name: "test", source: source) { partials[$0] }.render(DictionaryContext(values))
    }

    private func compileError(_ source: String, partials: [String: String] = [:]) -> TemplateError? {
        do {
            _ = try CompiledTemplate(name: "page", source: source) { partials[$0] }
            return nil
        } catch {
            return error
        }
    }

    // MARK: Escaping

    @Test(arguments: [("&", "&amp;"), ("<", "&lt;"), (">", "&gt;"), ("\"", "&quot;"), ("'", "&#39;")])
    func escapesEachSpecialCharacter(_ character: String, _ entity: String) throws {
        #expect(try render("{{x}}", ["x": .text("a\(character)b")]) == "a\(entity)b")
    }

    @Test func escapingLeavesOtherTextAlone() throws {
        #expect(try render("{{x}}", ["x": .text("héllo wörld ✓ 42%")]) == "héllo wörld ✓ 42%")
    }

    @Test func everyOtherASCIICharacterIsWrittenAsItIs() throws {
        let others = (UInt8(1)...UInt8(127)).filter { !"&<>\"'".utf8.contains($0) }
        let text = String(decoding: others, as: UTF8.self)
        #expect(try render("{{x}}", ["x": .text(text)]) == text)
    }

    @Test func tripleMustacheAndAmpersandWriteTextRaw() throws {
        #expect(try render("{{{x}}}|{{& x}}", ["x": .text("<b>")]) == "<b>|<b>")
    }

    @Test func htmlIsNotEscapedEvenByDoubleMustache() throws {
        #expect(try render("{{x}}", ["x": .html("<em>a & b</em>")]) == "<em>a & b</em>")
    }

    @Test func bufferEscapesDirectly() {
        var buffer = HTMLBuffer(capacity: 16)
        buffer.appendRaw("<p>")
        buffer.appendEscaped("'x' & \"y\"")
        buffer.appendRaw(Array("</p>".utf8))
        #expect(String(decoding: buffer.bytes, as: UTF8.self) == "<p>&#39;x&#39; &amp; &quot;y&quot;</p>")
    }

    // MARK: Values

    @Test(arguments: [(3.0, "3"), (2.5, "2.5"), (-4.0, "-4"), (0.0, "0"), (1.21, "1.21"), (1234567.0, "1234567")])
    func numbersPrintWithoutTrailingZero(_ number: Double, _ text: String) throws {
        #expect(try render("{{n}}", ["n": .number(number)]) == text)
    }

    @Test func booleansPrintNothing() throws {
        #expect(try render("[{{a}}{{b}}]", ["a": .bool(true), "b": .bool(false)]) == "[]")
    }

    @Test func emptyTextIsFalsyAndZeroIsTruthy() throws {
        #expect(try render("{{#t}}T{{/t}}{{^t}}not-t{{/t}}", ["t": .text("")]) == "not-t")
        #expect(try render("{{#n}}{{.}}{{/n}}", ["n": .number(0)]) == "0")
    }

    // MARK: Embedded templates

    @Test func embedRendersSubTemplateWithItsOwnContext() throws {
        let card = try CompiledTemplate(name: "card", source: "<p>{{title}}{{outer}}</p>") { _ in nil }
        let values: [String: TemplateValue] = [
            "card": .embed(card, DictionaryContext(["title": .text("A & B")])),
            "outer": .text("host only"),
        ]
        #expect(try render("{{card}}|{{{card}}}", values) == "<p>A &amp; B</p>|<p>A &amp; B</p>")
    }

    @Test func sectionOverEmbedPushesItsContext() throws {
        let card = try CompiledTemplate(name: "card", source: "unused") { _ in nil }
        let values: [String: TemplateValue] = ["card": .embed(card, DictionaryContext(["title": .text("Inside")]))]
        #expect(try render("{{#card}}{{title}}{{/card}}{{^card}}hidden{{/card}}", values) == "Inside")
    }

    @Test func renderIntoAppendsToTheBuffer() throws {
        let template = try CompiledTemplate(name: "t", source: "{{x}}") { _ in nil }
        var buffer = HTMLBuffer(capacity: 8)
        buffer.appendRaw("a")
        template.render(DictionaryContext(["x": .text("b")]), into: &buffer)
        template.render(DictionaryContext(["x": .text("c")]), into: &buffer)
        #expect(buffer.bytes == Array("abc".utf8))
    }

    // MARK: Names

    @Test func dottedNamesResolveInsideTheFirstSegment() throws {
        let values: [String: TemplateValue] = [
            "a": .object(DictionaryContext(["b": .object(DictionaryContext(["c": .text("deep")]))])),
        ]
        #expect(try render("{{a.b.c}}|{{a.x.c}}|{{a.b}}", values) == "deep||")
    }

    @Test func lookupFallsBackToOuterContexts() throws {
        let values: [String: TemplateValue] = [
            "name": .text("form"),
            "csrf": .text("token"),
            "items": .list([.object(DictionaryContext(["name": .text("one")])), .object(DictionaryContext([:]))]),
        ]
        #expect(try render("{{#items}}{{name}}:{{csrf}} {{/items}}", values) == "one:token form:token ")
    }

    // MARK: Errors

    @Test func unclosedSectionPointsAtItsOpeningTag() throws {
        let error = try #require(compileError("a\n  {{#items}}\nb"))
        #expect((error.template, error.line, error.column) == ("page", 2, 3))
        #expect(error.message.contains("never closed"))
    }

    @Test func mismatchedCloseTagPointsAtTheCloseTag() throws {
        let error = try #require(compileError("{{#a}}\nx {{/b}}"))
        #expect((error.line, error.column) == (2, 3))
        #expect(error.message.contains("does not match section 'a' opened at line 1, column 1"))
    }

    @Test func closeTagWithoutSectionIsAnError() throws {
        let error = try #require(compileError("ok {{/a}}"))
        #expect((error.line, error.column) == (1, 4))
    }

    @Test func missingPartialIsAnError() throws {
        let error = try #require(compileError("line one\n<p>{{> footer}}</p>"))
        #expect((error.line, error.column) == (2, 4))
        #expect(error.message == "partial 'footer' not found")
    }

    @Test func unclosedTagIsAnError() throws {
        let error = try #require(compileError("<p>\n<b>{{name</b>"))
        #expect((error.line, error.column) == (2, 4))
        #expect(error.message.contains("unclosed tag"))
    }

    @Test func emptyTagNameIsAnError() throws {
        let error = try #require(compileError("x{{ }}"))
        #expect((error.line, error.column, error.message) == (1, 2, "empty tag name"))
    }

    @Test func unsupportedTagsAreErrors() {
        #expect(compileError("{{<parent}}{{/parent}}") != nil)
        #expect(compileError("{{$block}}{{/block}}") != nil)
        #expect(compileError("{{>*dynamic}}") != nil)
    }

    @Test func errorInPartialNamesThePartialAndWhereItIsIncluded() throws {
        let error = try #require(compileError("a\n  {{> field}}", partials: ["field": "ok\n{{#x}}"]))
        #expect((error.template, error.line, error.column) == ("field", 2, 1))
        #expect(error.message == "section 'x' is never closed (included from page:2:3)")
        #expect(error.description == "field:2:1: section 'x' is never closed (included from page:2:3)")
    }

    @Test func columnsCountCharactersNotBytes() throws {
        let error = try #require(compileError("é✓ {{/x}}"))
        #expect(error.column == 4)
    }

    // MARK: Partials

    @Test func partialsAreInlinedAndFetchedOncePerName() throws {
        var requests: [String] = []
        let template = try CompiledTemplate(name: "t", source: "{{>p}}{{#xs}}{{>p}}{{/xs}}") { name in
            requests.append(name)
            return "[{{x}}]"
        }
        let values: [String: TemplateValue] = ["x": .text("a"), "xs": .list([.object(DictionaryContext(["x": .text("b")]))])]
        #expect(template.render(DictionaryContext(values)) == "[a][b]")
        #expect(requests == ["p"])
    }

    @Test func recursivePartialIsAnError() throws {
        let error = try #require(compileError("{{>node}}", partials: ["node": "{{#kids}}{{>node}}{{/kids}}"]))
        #expect(error.template == "node")
        #expect(error.message.contains("includes itself (node → node)"))
    }

    @Test func partialsNestedTooDeepAreAnError() throws {
        // p0 includes p1 … includes p20: deeper than the limit of 16, with no cycle.
        var partials: [String: String] = [:]
        for level in 0..<20 { partials["p\(level)"] = "{{>p\(level + 1)}}" }
        partials["p20"] = "leaf"
        let error = try #require(compileError("{{>p0}}", partials: partials))
        #expect(error.message.contains("nested more than 16 deep"))
        // Sixteen levels (p5 … p20) is fine.
        #expect(try render("{{>p5}}", partials: partials) == "leaf")
    }

    // MARK: Budgets (found by `make fuzz`, issue 27)

    /// p0 includes p1 four times, p1 includes p2 four times… and the last partial is `leaf`.
    private func multiplyingPartials(_ count: Int, leaf: String) -> [String: String] {
        var partials = ["p\(count)": leaf]
        for level in 0..<count { partials["p\(level)"] = String(repeating: "{{>p\(level + 1)}}", count: 4) }
        return partials
    }

    @Test(.timeLimit(.minutes(1))) func partialInclusionsHaveABudgetWithAClearError() throws {
        // 4⁸ = 65,536 inclusions of an empty partial: no op and no byte, so only a count stops it.
        let error = try #require(compileError("{{>p0}}", partials: multiplyingPartials(8, leaf: "")))
        #expect(error.message.contains("partials are included more than 10000 times"), "\(error)")
        #expect(error.message.contains("p0 → p1"), "\(error)")
        #expect(error.description.contains("included from page:1:1"), "\(error)")
        // The case fuzzing found, 4¹⁶ inclusions, stops as soon.
        #expect(compileError("{{>p0}}", partials: multiplyingPartials(16, leaf: "")) != nil)
    }

    @Test(.timeLimit(.minutes(1))) func literalBytesHaveABudgetWithAClearError() throws {
        // 4⁶ = 4,096 inclusions of a 4 KiB partial: 16 MiB of text.
        let error = try #require(compileError("{{>p0}}", partials: multiplyingPartials(6, leaf: String(repeating: "x", count: 4096))))
        #expect(error.message.contains("template is larger than 8 MiB once its partials are inlined"), "\(error)")
        #expect(compileError("{{>p0}}", partials: multiplyingPartials(16, leaf: String(repeating: "x", count: 2000))) != nil)
        // A partial included many times within the budget renders every time.
        let fine = try render("{{>p0}}", partials: multiplyingPartials(4, leaf: "ab"))
        #expect(fine == String(repeating: "ab", count: 256))
    }

    @Test(.timeLimit(.minutes(1))) func renderingStopsAtAnOutputBudgetWithAClearMessage() throws {
        // Five sections nested over a list of 12 items: 12⁵ = 248,832 copies of 1 KiB, 243 MiB.
        let source = String(repeating: "{{#items}}", count: 5) + String(repeating: "x", count: 1024)
            + String(repeating: "{{/items}}", count: 5)
        let output = try render(source, ["items": .list((0..<12).map { .number(Double($0)) })])
        #expect(output.utf8.count < (16 << 20) + 4096)
        #expect(output.hasSuffix("Sections nested over lists multiply their content.</strong></p>\n"))
        // Below the budget nothing is added.
        #expect(try render(String(repeating: "{{#items}}", count: 2) + "x" + String(repeating: "{{/items}}", count: 2),
                           ["items": .list((0..<12).map { .number(Double($0)) })]) == String(repeating: "x", count: 144))
    }

    @Test func aPartialIncludedWithDifferentIndentationsIsIndentedEachTime() throws {
        let partials = ["p": "x\ny\n"]
        #expect(try render("{{>p}}\n  {{>p}}\n{{>p}}", partials: partials) == "x\ny\n  x\n  y\nx\ny\n")
    }
}

/// The output buffer's growth, beyond what the template's size suggests.
@Suite struct HTMLBufferGrowthTests {
    @Test func outputMuchLargerThanTheTemplateIsComplete() throws {
        let template = try CompiledTemplate(name: "t", source: "<ul>{{#items}}<li>{{.}}</li>{{/items}}</ul>") { _ in nil }
        let items = (0..<5000).map { TemplateValue.text("item \($0) & more") }
        var buffer = HTMLBuffer(capacity: 0)
        template.render(DictionaryContext(["items": .list(items)]), into: &buffer)
        let expected = "<ul>" + (0..<5000).map { "<li>item \($0) &amp; more</li>" }.joined() + "</ul>"
        #expect(String(decoding: buffer.bytes, as: UTF8.self) == expected)
        #expect(buffer.count == expected.utf8.count)
    }

    @Test func outputBeyondTheRoomKeepsWhatTheBufferHeld() throws {
        let template = try CompiledTemplate(name: "t", source: "{{#items}}{{.}}{{/items}}") { _ in nil }
        var buffer = HTMLBuffer()
        buffer.appendRaw("<head>")
        template.render(DictionaryContext(["items": .list(Array(repeating: .text("0123456789"), count: 1000))]), into: &buffer)
        #expect(buffer.bytes == Array(("<head>" + String(repeating: "0123456789", count: 1000)).utf8))
    }

    /// 43 bytes: two runs of sixteen and one of eight scanned at once, and three more byte by byte.
    @Test func eachEscapedCharacterIsFoundAtEveryPlaceInARun() {
        for special in "&<>\"'" {
            for place in 0..<43 {
                var text = Array(repeating: Character("a"), count: 43)
                text[place] = special
                var buffer = HTMLBuffer()
                buffer.appendEscaped(String(text))
                let entity = ["&": "&amp;", "<": "&lt;", ">": "&gt;", "\"": "&quot;", "'": "&#39;"][special]!
                #expect(String(decoding: buffer.bytes, as: UTF8.self)
                        == String(repeating: "a", count: place) + entity + String(repeating: "a", count: 42 - place))
            }
        }
    }

    @Test func everyOtherPrintableCharacterIsLeftAsItIs() {
        let others = String((0x20...0x7E).map { Character(UnicodeScalar(UInt8($0))) }.filter { !"&<>\"'".contains($0) })
        for length in [1, 7, 8, 15, 16, 17, 31, 43, others.count] {
            let text = String(others.prefix(length))
            var buffer = HTMLBuffer()
            buffer.appendEscaped(text + "é" + text)
            #expect(String(decoding: buffer.bytes, as: UTF8.self) == text + "é" + text)
        }
    }

    @Test func escapingTextOfEveryLengthKeepsItWhole() {
        for length in 0..<200 {
            let text = String(repeating: "a<", count: length)
            var buffer = HTMLBuffer(capacity: 0)
            buffer.appendEscaped(text)
            #expect(buffer.bytes == Array(String(repeating: "a&lt;", count: length).utf8))
        }
    }

}

