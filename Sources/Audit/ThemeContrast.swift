import Definitions

/// The colour pairs of docs/reference/themes.md, checked with the WCAG relative-luminance formula
/// (`Colour.contrast(with:)`) in every palette of a theme.
public enum ThemeContrast {
    public struct Pair: Sendable {
        public let foreground: String
        public let background: String
        public let minimum: Double
    }

    /// Text needs 4.5:1 (WCAG 1.4.3); borders and the focus ring are non-text, 3:1 (1.4.11).
    public static let pairs: [Pair] = [
        Pair(foreground: "text", background: "background", minimum: 4.5),
        Pair(foreground: "text", background: "surface", minimum: 4.5),
        Pair(foreground: "mutedText", background: "background", minimum: 4.5),
        Pair(foreground: "mutedText", background: "surface", minimum: 4.5),
        Pair(foreground: "onPrimary", background: "primary", minimum: 4.5),
        Pair(foreground: "border", background: "background", minimum: 3),
        Pair(foreground: "focus", background: "background", minimum: 3),
    ]

    /// Every pair below its minimum in the theme's light and dark palettes.
    public static func check(_ theme: Theme) -> [Violation] {
        check(theme.light, name: theme.name, appearance: "light") + (theme.dark.map { check($0, name: theme.name, appearance: "dark") } ?? [])
    }

    static func check(_ palette: [String: Colour], name: String, appearance: String) -> [Violation] {
        pairs.compactMap { pair in
            guard let base = palette["background"].map({ opaque($0, over: appearance == "dark" ? .black : .white) }),
                  let back = palette[pair.background].map({ opaque($0, over: base) }),
                  let fore = palette[pair.foreground].map({ opaque($0, over: back) }) else { return nil }
            let ratio = fore.contrast(with: back)
            guard ratio < pair.minimum else { return nil }
            return Violation(.colourContrast, "\(name) \(appearance): \(pair.foreground) on \(pair.background)",
                             "contrast \(format(ratio)):1 (\(palette[pair.foreground]!) on \(palette[pair.background]!)) is below \(format(pair.minimum)):1; darken or lighten \(pair.foreground)")
        }
    }

    /// A translucent colour as it shows over `base` (the contrast formula needs opaque colours):
    /// backgrounds over the page colour (white or black), foregrounds over their background.
    static func opaque(_ colour: Colour, over base: Colour) -> Colour {
        guard colour.alpha < 255 else { return colour }
        let a = Double(colour.alpha) / 255
        func mix(_ top: UInt8, _ bottom: UInt8) -> String {
            let value = Int((Double(top) * a + Double(bottom) * (1 - a)).rounded())
            return (value < 16 ? "0" : "") + String(value, radix: 16)
        }
        return Colour(hex: "#" + mix(colour.red, base.red) + mix(colour.green, base.green) + mix(colour.blue, base.blue)) ?? colour
    }

    static func format(_ ratio: Double) -> String {
        let rounded = (ratio * 100).rounded(.down) / 100
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }
}

extension Colour {
    static let white = Colour(hex: "#ffffff")!
    static let black = Colour(hex: "#000000")!
}
