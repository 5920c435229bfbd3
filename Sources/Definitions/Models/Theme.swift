import Foundation

/// A designer theme (docs/reference/themes.md): fonts, shape and one or two colour palettes.
public struct Theme: Sendable {
    /// The colour roles every palette defines, in the order they are written to CSS.
    public static let colourRoles = [
        "primary", "onPrimary", "background", "surface", "text", "mutedText",
        "border", "focus", "error", "success", "warning", "info",
    ]

    public struct Font: Sendable {
        public var family: String
        public var size: Double
        public var scale: Double
        public init(family: String, size: Double, scale: Double) {
            self.family = family; self.size = size; self.scale = scale
        }
    }

    public struct Shape: Sendable {
        public var radius: Double
        public var spacing: Double
        public var borderWidth: Double
        public init(radius: Double, spacing: Double, borderWidth: Double) {
            self.radius = radius; self.spacing = spacing; self.borderWidth = borderWidth
        }
    }

    public let name: String
    public let title: String
    public let font: Font
    public let shape: Shape
    public let light: [String: Colour]
    /// Nil when the theme is light only.
    public let dark: [String: Colour]?
    /// Per-component overrides such as `button.radius`, as numbers in CSS px.
    public let components: [String: [String: Double]]

    public init(name: String, title: String, font: Font, shape: Shape, light: [String: Colour],
                dark: [String: Colour]?, components: [String: [String: Double]]) {
        self.name = name; self.title = title; self.font = font; self.shape = shape
        self.light = light; self.dark = dark; self.components = components
    }
}

/// A colour written `#rgb`, `#rrggbb` or `#rrggbbaa`, checked at load.
public struct Colour: Sendable, Hashable, CustomStringConvertible {
    public let red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8

    public init?(hex: String) {
        guard hex.first == "#" else { return nil }
        let digits = Array(hex.dropFirst())
        guard digits.allSatisfy(\.isHexDigit) else { return nil }
        func byte(_ text: String) -> UInt8 { UInt8(text, radix: 16) ?? 0 }
        switch digits.count {
        case 3:
            red = byte(String([digits[0], digits[0]])); green = byte(String([digits[1], digits[1]]))
            blue = byte(String([digits[2], digits[2]])); alpha = 255
        case 6, 8:
            red = byte(String(digits[0...1])); green = byte(String(digits[2...3])); blue = byte(String(digits[4...5]))
            alpha = digits.count == 8 ? byte(String(digits[6...7])) : 255
        default:
            return nil
        }
    }

    public var description: String {
        let parts = alpha == 255 ? [red, green, blue] : [red, green, blue, alpha]
        return "#" + parts.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
    }

    /// WCAG 2 relative luminance.
    public var relativeLuminance: Double {
        func channel(_ value: UInt8) -> Double {
            let c = Double(value) / 255
            return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * channel(red) + 0.7152 * channel(green) + 0.0722 * channel(blue)
    }

    /// WCAG 2 contrast ratio between two opaque colours (1…21).
    public func contrast(with other: Colour) -> Double {
        let (a, b) = (relativeLuminance, other.relativeLuminance)
        return (max(a, b) + 0.05) / (min(a, b) + 0.05)
    }
}
