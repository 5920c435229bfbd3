/// One parsed page with the lookups every rule needs, built once: all elements in document
/// order, the first element of each id, and labels by their `for`.
public struct PageIndex {
    public let root: HTMLElement
    public let elements: [HTMLElement]
    public let byID: [String: HTMLElement]
    private let labelsByFor: [String: [HTMLElement]]

    public init(_ root: HTMLElement) {
        self.root = root
        elements = root.descendants
        var byID: [String: HTMLElement] = [:]
        var labels: [String: [HTMLElement]] = [:]
        for element in elements {
            if let id = element["id"], !id.isEmpty, byID[id] == nil { byID[id] = element }
            if element.tag == "label", let target = element["for"] { labels[target, default: []].append(element) }
        }
        self.byID = byID
        labelsByFor = labels
    }

    public init(html: String) { self.init(HTMLDocument.parse(html)) }

    public func all(_ tag: String) -> [HTMLElement] { elements.filter { $0.tag == tag } }

    func labels(for id: String) -> [HTMLElement] { labelsByFor[id] ?? [] }
}
