import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// An XML element as the corpus readers need it: names without their namespace prefix (the
/// corpus binds `bpmn:`, `model:`, `zeebe:`… freely), attributes sorted by name so the order
/// of what is found never varies, and the element's own text (character data and CDATA).
final class WildXMLElement {
    let name: String
    let attributes: [(name: String, value: String)]
    var text = ""
    var children: [WildXMLElement] = []

    init(name: String, attributes: [(name: String, value: String)]) {
        self.name = name
        self.attributes = attributes
    }

    func attribute(_ name: String) -> String? { attributes.first { $0.name == name }?.value }

    /// The element and all below it, depth first, each with the nearest element (itself
    /// included) that has an `id`, for location hints.
    func walk(_ visit: (WildXMLElement, _ identified: WildXMLElement?) -> Void, identified: WildXMLElement? = nil) {
        let nearest = attribute("id") != nil ? self : identified
        visit(self, nearest)
        for child in children { child.walk(visit, identified: nearest) }
    }

    static func localName(_ qualified: String) -> String {
        qualified.split(separator: ":").last.map(String.init) ?? qualified
    }

    /// The document's root element, or nil when the file is no well-formed XML.
    static func parse(_ data: Data) -> WildXMLElement? {
        let builder = WildXMLTreeBuilder()
        let parser = XMLParser(data: data)
        parser.delegate = builder
        guard parser.parse() else { return nil }
        return builder.root
    }
}

/// XMLParser's delegate: builds the tree with a stack of open elements.
private final class WildXMLTreeBuilder: NSObject, XMLParserDelegate {
    var root: WildXMLElement?
    private var open: [WildXMLElement] = []

    func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                qualifiedName: String?, attributes: [String: String] = [:]) {
        let element = WildXMLElement(
            name: WildXMLElement.localName(elementName),
            attributes: attributes.map { (WildXMLElement.localName($0.key), $0.value) }.sorted { $0.name < $1.name })
        if let parent = open.last { parent.children.append(element) } else { root = element }
        open.append(element)
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
        open.removeLast()
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        open.last?.text += string
    }

    func parser(_ parser: XMLParser, foundCDATA CDATABlock: Data) {
        open.last?.text += String(decoding: CDATABlock, as: UTF8.self)
    }
}
