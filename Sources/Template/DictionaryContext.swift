/// The simplest context: a dictionary. Handy for tests, small pages and spec data; hot view
/// models can implement `TemplateContext` with a `switch` instead.
public final class DictionaryContext: TemplateContext, ExpressibleByDictionaryLiteral {
    public let values: [String: TemplateValue]

    public init(_ values: [String: TemplateValue]) {
        self.values = values
    }

    public init(dictionaryLiteral elements: (String, TemplateValue)...) {
        self.values = Dictionary(elements, uniquingKeysWith: { _, last in last })
    }

    public func value(for key: TemplateKey) -> TemplateValue? { values[key.text] }
}
