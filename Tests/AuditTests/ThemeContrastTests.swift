import Definitions
import Testing
@testable import Audit

/// themes.md: text and muted text on background and surface ≥ 4.5:1, onPrimary on primary
/// ≥ 4.5:1, border and focus against background ≥ 3:1, in every palette.
@Suite struct ThemeContrastRule {
    static let good: [String: String] = [
        "primary": "#0b5cad", "onPrimary": "#ffffff", "background": "#ffffff", "surface": "#f3f5f7",
        "text": "#1b1f23", "mutedText": "#4f5b66", "border": "#6b7785", "focus": "#b3470b",
        "error": "#b3261e", "success": "#1b7f3b", "warning": "#8a5300", "info": "#0b5cad",
    ]

    func theme(light: [String: String] = good, dark: [String: String]? = nil) -> Theme {
        func palette(_ hex: [String: String]) -> [String: Colour] { hex.compactMapValues(Colour.init(hex:)) }
        return Theme(name: "fixture", title: "Fixture", font: .init(family: "system-ui", size: 16, scale: 1.2),
                     shape: .init(radius: 4, spacing: 8, borderWidth: 1), light: palette(light), dark: dark.map(palette), components: [:])
    }

    @Test("colour-contrast") func colourContrast() {
        var pale = Self.good
        pale["mutedText"] = "#999999"   // 2.85:1 on white
        pale["focus"] = "#dddddd"
        let violations = ThemeContrast.check(theme(light: pale))
        #expect(violations.map(\.location) == ["fixture light: mutedText on background", "fixture light: mutedText on surface",
                                               "fixture light: focus on background"])
        #expect(violations.allSatisfy { $0.rule == .colourContrast })
        #expect(violations.first?.message.hasPrefix("contrast 2.84:1 (#999999 on #ffffff) is below 4.5:1") == true)
        #expect(ThemeContrast.check(theme()).isEmpty)
    }

    @Test func theDarkPaletteIsCheckedToo() {
        var dark = Self.good
        dark["background"] = "#121417"; dark["surface"] = "#1c2026"; dark["text"] = "#e8eaed"; dark["mutedText"] = "#b0b8c1"
        dark["border"] = "#7d8894"; dark["focus"] = "#ffbf47"; dark["primary"] = "#8ab4f8"; dark["onPrimary"] = "#0b1620"
        #expect(ThemeContrast.check(theme(dark: dark)).isEmpty)
        dark["onPrimary"] = "#ffffff"
        #expect(ThemeContrast.check(theme(dark: dark)).map(\.location) == ["fixture dark: onPrimary on primary"])
    }

    @Test func aTranslucentColourIsJudgedAsItShowsOverItsBackground() throws {
        var faded = Self.good
        faded["text"] = "#1b1f2340"   // a quarter of near-black over white is light grey
        #expect(ThemeContrast.check(theme(light: faded)).contains { $0.location == "fixture light: text on background" })
        let half = ThemeContrast.opaque(try #require(Colour(hex: "#00000080")), over: .white)
        #expect(half.description == "#7f7f7f")
    }
}
