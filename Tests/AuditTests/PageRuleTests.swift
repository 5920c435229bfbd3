import Audit
import Testing

/// A page that passes every rule, with `body` inside `main`; the rules are tested by adding
/// one mistake at a time.
func page(_ body: String, lang: String = "en", title: String = "Screen – Process – Project") -> String {
    """
    <!DOCTYPE html>
    <html lang="\(lang)">
    <head><meta charset="utf-8"><title>\(title)</title></head>
    <body>
    <a href="#main">Skip to main content</a>
    <main id="main"><h1>Screen</h1>
    \(body)
    </main>
    </body>
    </html>
    """
}

/// The violations of one rule on a page.
func found(_ rule: AuditRule, _ html: String) -> [Violation] {
    PageAudit.check(html: html).filter { $0.rule == rule }
}

/// One test per page rule of accessibility.md ("The audit"): a page that breaks it and one that keeps it.
@Suite struct PageRules {
    @Test func theBasePageHasNoViolations() {
        #expect(PageAudit.check(html: page("")).isEmpty)
    }

    @Test("control-label") func controlLabel() throws {
        let unlabelled = found(.controlLabel, page(#"<input id="a" name="a"><select id="b"></select><textarea id="c"></textarea>"#))
        #expect(unlabelled.map(\.location) == ["input#a", "select#b", "textarea#c"])
        #expect(found(.controlLabel, page(#"<label for="a"> </label><input id="a">"#)).count == 1, "an empty label names nothing")
        #expect(found(.controlLabel, page("""
            <label for="a">Name</label><input id="a">
            <label>Town <input name="town"></label>
            <input aria-label="Search" name="q">
            <span id="n">Amount</span><input aria-labelledby="n" name="amount">
            <input type="hidden" name="_csrf" value="x">
            <input type="submit" value="Send">
            """)).isEmpty)
    }

    @Test("unique-id") func uniqueID() {
        let duplicated = found(.uniqueID, page(#"<p id="x">One</p><p id="x">Two</p><p id="y">Three</p>"#))
        #expect(duplicated.count == 1)
        #expect(duplicated.first?.location == #"[id="x"]"#)
        #expect(found(.uniqueID, page(#"<p id="x">One</p><p id="y">Two</p>"#)).isEmpty)
    }

    @Test("reference") func reference() {
        let broken = found(.reference, page("""
            <label for="a">Name</label><input id="a" aria-describedby="a-hint a-error">
            <div id="a-hint">Hint</div>
            <label for="gone">Lost</label>
            <a href="#nowhere">Fix this</a>
            <section aria-labelledby="missing-title"><h2>Card</h2></section>
            """))
        #expect(broken.count == 4)
        #expect(broken.contains { $0.location == "input#a" && $0.message.contains("a-error") })
        #expect(found(.reference, page("""
            <label for="a">Name</label><input id="a" aria-describedby="a-hint">
            <div id="a-hint">Hint</div><a href="#a">Fix the name</a>
            <section aria-labelledby="t"><h2 id="t">Card</h2></section>
            """)).isEmpty)
    }

    @Test("heading-order") func headingOrder() {
        let skipped = found(.headingOrder, page("<h3>Too deep</h3><h2>Card</h2><h4>Again</h4>"))
        #expect(skipped.count == 2)
        #expect(skipped.first?.message.contains("h3") == true)
        #expect(found(.headingOrder, page("<h2>Card</h2><h3>Part</h3><h2>Next card</h2>")).isEmpty)
        // An error summary's h2 may open main before the h1.
        #expect(found(.headingOrder, "<html lang=\"en\"><title>T</title><h2>There is a problem</h2><h1>Screen</h1><h2>Card</h2></html>").isEmpty)
    }

    @Test("one-h1") func oneH1() {
        #expect(found(.oneH1, page("<h1>Another</h1>")).count == 1)
        #expect(found(.oneH1, "<html lang=\"en\"><title>T</title><main><h2>No h1</h2></main></html>").count == 1)
        #expect(found(.oneH1, page("<h2>Card</h2>")).isEmpty)
    }

    @Test("html-lang") func htmlLang() {
        #expect(found(.htmlLang, page("", lang: "")).count == 1)
        #expect(found(.htmlLang, "<title>T</title><h1>No html element</h1>").count == 1)
        #expect(found(.htmlLang, page("", lang: "ro")).isEmpty)
    }

    @Test("page-title") func pageTitle() {
        #expect(found(.pageTitle, page("", title: "  ")).count == 1)
        #expect(found(.pageTitle, "<html lang=\"en\"><h1>No title</h1></html>").count == 1)
        #expect(found(.pageTitle, page("", title: "Error: Loan – Loan application – Acme")).isEmpty)
    }

    @Test("image-alt") func imageAlt() {
        let missing = found(.imageAlt, page(#"<img src="logo.png"><input type="image" src="go.png">"#))
        #expect(missing.count == 2)
        #expect(missing.first?.message.contains("logo.png") == true)
        #expect(found(.imageAlt, page(#"<img src="logo.png" alt="Acme Bank"><img src="line.png" alt="">"#)).isEmpty)
    }

    @Test("group-fieldset") func groupFieldset() {
        let loose = found(.groupFieldset, page("""
            <input type="radio" id="r1" name="mood" value="good"><label for="r1">Good</label>
            <input type="radio" id="r2" name="mood" value="bad"><label for="r2">Bad</label>
            <fieldset><input type="checkbox" id="c1" name="days" value="mon"><label for="c1">Mon</label>
            <input type="checkbox" id="c2" name="days" value="tue"><label for="c2">Tue</label></fieldset>
            """))
        #expect(loose.count == 2, "one violation per group")
        #expect(loose.contains { $0.message.contains("radio group \"mood\" is not in a fieldset") })
        #expect(loose.contains { $0.message.contains("checkbox group \"days\"") && $0.message.contains("no legend") })
        #expect(found(.groupFieldset, page("""
            <fieldset><legend>How are you?</legend>
            <input type="radio" id="r1" name="mood" value="good"><label for="r1">Good</label>
            <input type="radio" id="r2" name="mood" value="bad"><label for="r2">Bad</label></fieldset>
            <input type="checkbox" id="c" name="consent" value="true"><label for="c">I agree</label>
            """)).isEmpty, "a single checkbox needs no fieldset")
    }

    @Test func checkboxesOfOneNameInSeparateFormsAreNoGroup() {
        #expect(found(.groupFieldset, page("""
            <form><input type="checkbox" id="c1" name="value" value="true"><label for="c1">I agree</label></form>
            <form><input type="checkbox" id="c2" name="value" value="true"><label for="c2">I agree too</label></form>
            """)).isEmpty, "one checkbox per form, as on a gallery page")
        #expect(found(.groupFieldset, page("""
            <form><input type="checkbox" id="c1" name="days" value="mon"><label for="c1">Mon</label>
            <input type="checkbox" id="c2" name="days" value="tue"><label for="c2">Tue</label></form>
            """)).count == 1, "two of one name in one form are still a group")
    }

    @Test("link-name") func linkName() {
        let unnamed = found(.linkName, page(#"<a href="/next"></a><a href="/icon"><img src="i.png" alt=""></a><a href="/x"><span aria-hidden="true">→</span></a>"#))
        #expect(unnamed.count == 3)
        #expect(found(.linkName, page("""
            <a href="/next">Next</a><a href="/home"><img src="logo.png" alt="Home"></a>
            <a href="/close" aria-label="Close"><span aria-hidden="true">×</span></a>
            """)).isEmpty)
    }

    @Test("button-name") func buttonName() {
        #expect(found(.buttonName, page(#"<button type="submit"></button><button><span aria-hidden="true">›</span></button><input type="button">"#)).count == 3)
        #expect(found(.buttonName, page(#"<button type="submit">Continue</button><button aria-label="Close">×</button><input type="button" value="Add">"#)).isEmpty)
    }

    @Test func violationsNameTheElementBySelector() {
        let violations = found(.buttonName, page("<form><div><button></button></div><div><button></button></div></form>"))
        #expect(violations.map(\.location) == ["main#main > form > div:nth-of-type(1) > button", "main#main > form > div:nth-of-type(2) > button"])
    }
}
