/// The checks of `flowstage audit` (docs/reference/cli.md, `audit`), each named as the report
/// prints it, so a line of the report can be looked up here and in the tests of the same name.
public enum AuditRule: String, Sendable, CaseIterable, Codable {
    /// `input`, `select` and `textarea` (hidden inputs excepted) have a `<label for>`, an
    /// enclosing label, `aria-label` or `aria-labelledby`.
    case controlLabel = "control-label"
    /// No two elements share an `id`.
    case uniqueID = "unique-id"
    /// Every id named by `aria-describedby`, `aria-labelledby`, `label for` or a `#fragment`
    /// link exists on the page.
    case reference = "reference"
    /// Headings never skip a level on the way down (h1 → h3).
    case headingOrder = "heading-order"
    /// Exactly one `h1`: the screen title.
    case oneH1 = "one-h1"
    /// `<html lang>` is not empty.
    case htmlLang = "html-lang"
    /// `<title>` is not empty.
    case pageTitle = "page-title"
    /// Every `img` has `alt` (empty for decorative images).
    case imageAlt = "image-alt"
    /// Radio buttons, and checkboxes sharing a name, sit in a `fieldset` whose `legend` has text.
    case groupFieldset = "group-fieldset"
    /// Every link has an accessible name.
    case linkName = "link-name"
    /// Every button has an accessible name.
    case buttonName = "button-name"
    /// Theme colour pairs meet the ratios of docs/reference/themes.md.
    case colourContrast = "colour-contrast"
    /// A tag the screen uses has no text in the page's language (the key shows instead).
    case missingTag = "missing-tag"
    /// A component renders the "Component not supported" placeholder.
    case unsupportedComponent = "unsupported-component"
    /// An interface word the page shows fell back to another language than the page's.
    case languageOfParts = "language-of-parts"
}
