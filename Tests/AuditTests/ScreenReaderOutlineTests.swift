import Testing
@testable import Audit

/// The screen-reader outline (`ScreenReaderOutline`): what assistive technology announces, in
/// reading order, computed from the rendered page.
@Suite struct ScreenReaderOutlineRules {
    static let form = page("""
        <nav aria-label="Steps"><a href="#a">Your name</a></nav>
        <form method="post" action="/x">
        <input type="hidden" name="_csrf" value="t">
        <div class="fs-field">
          <label for="name">Full name</label>
          <div class="fs-hint" id="name-hint">As on your passport</div>
          <p class="fs-error-message" id="name-error"><span class="fs-visually-hidden">Error:</span> Enter your full name</p>
          <input id="name" name="name" value="Ada" required aria-invalid="true" aria-describedby="name-hint name-error">
        </div>
        <h2>Contact</h2>
        <fieldset aria-describedby="way-hint"><legend>How should we contact you?</legend>
          <div class="fs-hint" id="way-hint">Pick one</div>
          <input type="radio" id="way-1" name="way" value="email" checked><label for="way-1">Email</label>
          <input type="radio" id="way-2" name="way" value="post" disabled><label for="way-2">Post</label>
        </fieldset>
        <label for="country">Country</label>
        <select id="country" name="country"><option value="ro">Romania</option><option value="fr" selected>France</option></select>
        <details><summary>Help with this</summary><p>Ask us.</p></details>
        <div aria-hidden="true"><button type="button">Invisible</button></div>
        <button type="submit" aria-expanded="false">Continue</button>
        </form>
        <img src="a.png" alt=""><img src="b.png" alt="A signed form">
        """)

    var items: [ScreenReaderOutline.Item] { ScreenReaderOutline(html: Self.form).items }

    @Test func theOutlineListsLandmarksHeadingsGroupsAndControlsInDocumentOrder() {
        #expect(items.map(\.role) == ["link", "main", "heading", "navigation", "link", "textbox", "heading", "group",
                                      "radio", "radio", "combobox", "button", "button", "img"])
        #expect(items.map(\.name) == ["Skip to main content", "", "Screen", "Steps", "Your name", "Full name", "Contact",
                                      "How should we contact you?", "Email", "Post", "Country", "Help with this", "Continue", "A signed form"])
    }

    @Test func aHeadingCarriesItsLevel() {
        #expect(items.filter { $0.kind == .heading }.map(\.level) == [1, 2])
    }

    @Test func anItemNamesTheLandmarksItSitsIn() {
        #expect(items.first { $0.name == "Your name" }?.landmarks == ["main", "navigation"])
        #expect(items.first { $0.name == "Full name" }?.landmarks == ["main"])
        #expect(items.first?.landmarks == [], "the skip link is outside every landmark")
    }

    @Test func aControlCarriesItsStateDescriptionAndErrorApart() throws {
        let name = try #require(items.first { $0.name == "Full name" })
        #expect(name.states == ["required", "invalid"])
        #expect(name.value == "Ada")
        #expect(name.description == "As on your passport")
        #expect(name.error == "Error: Enter your full name")
        #expect(name.announcement == "Full name, textbox, Ada, required, invalid, As on your passport, Error: Enter your full name")
        #expect(items.first { $0.name == "Email" }?.states == ["checked"])
        #expect(items.first { $0.name == "Post" }?.states == ["not checked", "disabled"])
        #expect(items.first { $0.name == "Help with this" }?.states == ["collapsed"])
        #expect(items.first { $0.name == "Continue" }?.states == ["collapsed"])
        #expect(items.first { $0.name == "Country" }?.value == "France")
        #expect(items.first { $0.kind == .group }?.description == "Pick one")
    }

    @Test func whatAScreenReaderDoesNotReachIsLeftOut() {
        #expect(!items.contains { $0.name == "Invisible" }, "aria-hidden subtree")
        #expect(!items.contains { $0.name.isEmpty && $0.role == "img" }, "a decorative image")
        #expect(!items.contains { $0.role == "textbox" && $0.name.isEmpty }, "a hidden input")
    }

    @Test func aHeaderIsTheBannerOnlyOutsideSectioningAndAFormOrSectionOnlyWhenNamed() {
        let roles = ScreenReaderOutline(html: """
            <html lang="en"><body><header>Top</header><main><header>Main top</header><article><header>Card top</header></article>
            <section><p>Plain</p></section><section aria-label="Named"><p>Region</p></section>
            <form action="/a"></form><form action="/b" aria-label="Search the list"></form></main><footer>End</footer></body></html>
            """).items.filter { $0.kind == .landmark }.map(\.role)
        #expect(roles == ["banner", "main", "region", "form", "contentinfo"])
    }
}
