/// One element of an XML document, its names resolved to namespace URIs: a model is matched
/// by what its prefixes mean (`bpmn:`, `bpmn2:`, `semantic:` or none), never by the prefix.
struct XMLNode: Sendable {
    struct Attribute: Sendable {
        let name: String
        /// Empty for an attribute without a prefix.
        let namespace: String
        let value: String
    }

    let name: String
    let namespace: String
    let attributes: [Attribute]
    var children: [XMLNode] = []
    /// The element's own character data (text and CDATA), untrimmed.
    var text = ""
    /// Where the start tag ends, 1-based.
    let line: Int
    let column: Int

    /// The value of an unprefixed attribute, or of one in `namespace`.
    func attribute(_ name: String, in namespace: String = "") -> String? {
        attributes.first { $0.name == name && $0.namespace == namespace }?.value
    }

    /// An attribute in any of `namespaces` (Camunda 7 and its legacy Activiti URI).
    func attribute(_ name: String, inAny namespaces: [String]) -> String? {
        attributes.first { $0.name == name && namespaces.contains($0.namespace) }?.value
    }

    func children(_ name: String, in namespace: String) -> [XMLNode] {
        children.filter { $0.name == name && $0.namespace == namespace }
    }

    func child(_ name: String, in namespace: String) -> XMLNode? {
        children.first { $0.name == name && $0.namespace == namespace }
    }

    /// Every descendant in document order.
    func descendants(_ name: String, inAny namespaces: [String]) -> [XMLNode] {
        var found: [XMLNode] = []
        for child in children {
            if child.name == name && namespaces.contains(child.namespace) { found.append(child) }
            found += child.descendants(name, inAny: namespaces)
        }
        return found
    }
}
