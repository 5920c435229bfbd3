import Expressions

/// Decodes a theme file, checking every colour (docs/reference/themes.md).
enum ThemeDecoder {
    static func decode(_ value: JSONValue, fallbackName: String, _ diagnostics: Diagnostics) -> Theme? {
        guard let root = ObjectReader(value, at: JSONPointer(), diagnostics, what: "A theme") else { return nil }
        let name = root.string("name") ?? fallbackName
        let font = root.object("font", what: "font")
        let shape = root.object("shape", what: "shape")
        guard let lightReader = root.object("light", what: "The light palette") else {
            root.missing("light", "A theme")
            return nil
        }
        let light = palette(lightReader)
        let dark = root.object("dark", what: "The dark palette").map(palette)
        var components: [String: [String: Double]] = [:]
        if let overrides = root.object("components", what: "components") {
            for (component, value) in overrides.fields.sorted(by: { $0.key < $1.key }) {
                guard let reader = ObjectReader(value, at: overrides.at(component), diagnostics, what: "A component override") else { continue }
                var numbers: [String: Double] = [:]
                for key in reader.fields.keys.sorted() {
                    if let number = reader.number(key) { numbers[key] = number }
                }
                components[component] = numbers
            }
        }
        guard diagnostics.errors.isEmpty else { return nil }
        return Theme(
            name: name,
            title: root.string("title") ?? name,
            font: Theme.Font(
                family: font?.string("family") ?? "system-ui, -apple-system, \"Segoe UI\", Roboto, sans-serif",
                size: font?.number("size") ?? 16,
                scale: font?.number("scale") ?? 1.2),
            shape: Theme.Shape(
                radius: shape?.number("radius") ?? 4,
                spacing: shape?.number("spacing") ?? 8,
                borderWidth: shape?.number("borderWidth") ?? 1),
            light: light, dark: dark, components: components)
    }

    private static func palette(_ reader: ObjectReader) -> [String: Colour] {
        var colours: [String: Colour] = [:]
        for role in Theme.colourRoles {
            guard let text = reader.string(role) else {
                reader.missing(role, "A palette")
                continue
            }
            guard let colour = Colour(hex: text) else {
                reader.diagnostics.error(at: reader.at(role), "\"\(text)\" is not a colour: write #rgb, #rrggbb or #rrggbbaa")
                continue
            }
            colours[role] = colour
        }
        return colours
    }
}
