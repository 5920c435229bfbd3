import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// Why an XML file was refused, with where: a load error of the file it came from.
struct XMLProblem: Error, Sendable {
    let line: Int
    let column: Int
    let message: String
}

/// Reads an XML document into `XMLNode`s with libxml2 (Foundation's `XMLParser`), namespace
/// aware, with every name resolved to its URI and every element's line kept.
///
/// Models come from anywhere, so the reader refuses what a hostile file could use: a
/// document type declaration (no external entities, no entity expansion, no "billion
/// laughs"), nesting deeper than `maxDepth`, more than `maxElements` elements.
enum XMLTreeReader {
    static let maxDepth = 256
    static let maxElements = 250_000

    static func read(_ bytes: [UInt8]) -> Result<XMLNode, XMLProblem> {
        if let doctype = doctypePosition(bytes) {
            return .failure(XMLProblem(line: doctype.line, column: doctype.column,
                message: "has a document type declaration (<!DOCTYPE …>); models never need one and FlowStage refuses them so no entity is expanded or fetched; remove it"))
        }
        if let invalid = invalidUTF8Position(bytes) {
            return .failure(XMLProblem(line: invalid.line, column: invalid.column,
                message: "is not UTF-8 text: the byte at this place is not part of a UTF-8 character; save the file as UTF-8"))
        }
        let parser = XMLParser(data: Data(bytes))
        parser.shouldProcessNamespaces = true
        parser.shouldReportNamespacePrefixes = true
        parser.shouldResolveExternalEntities = false
        let builder = TreeBuilder()
        parser.delegate = builder
        let parsed = parser.parse()
        if let problem = builder.problem { return .failure(problem) }
        guard parsed, let root = builder.root else {
            let code = (parser.parserError as NSError?)?.code ?? 0
            // libxml2 notices an undeclared entity late; the reference itself is the place to fix.
            if let entity = undeclaredEntity(bytes) {
                return .failure(XMLProblem(line: entity.line, column: entity.column,
                    message: "is not well-formed XML: the entity reference &\(entity.name); is not declared; write the character itself or one of &lt; &gt; &amp; &quot; &apos;"))
            }
            return .failure(XMLProblem(line: parser.lineNumber, column: parser.columnNumber,
                                       message: "is not well-formed XML: \(explain(code))"))
        }
        return .success(root)
    }

    /// Where a document that libxml2 reads as UTF-8 stops being UTF-8. libxml2 passes such
    /// bytes on in an attribute's name and FoundationXML's `XMLParser` then traps, ending the
    /// server (`make fuzz` found it). A UTF-16 document is transcoded by libxml2 and not checked
    /// here; one that declares another encoding is checked the way libxml2 transcodes it, by
    /// iconv: where iconv stops (an alias of UTF-8 such as `UTF*8`, which iconv reads as UTF-8,
    /// was passed on unchecked and trapped, `make fuzz` again).
    static func invalidUTF8Position(_ bytes: [UInt8]) -> (line: Int, column: Int)? {
        if bytes.starts(with: [0xFE, 0xFF]) || bytes.starts(with: [0xFF, 0xFE])
            || bytes.starts(with: [0x3C, 0x00]) || bytes.starts(with: [0x00, 0x3C]) { return nil }
        if String(validating: bytes, as: UTF8.self) != nil { return nil }
        if let encoding = declaredEncoding(bytes), !["utf-8", "utf8", "utf-16", "utf16"].contains(encoding),
           let stop = untranscodableOffset(bytes, from: encoding) {
            return stop < bytes.count ? position(of: stop, in: bytes) : nil
        }
        var line = 1, column = 1, index = 0
        while index < bytes.count {
            let byte = bytes[index]
            let length = byte < 0x80 ? 1 : byte >> 5 == 0b110 ? 2 : byte >> 4 == 0b1110 ? 3 : byte >> 3 == 0b11110 ? 4 : 0
            guard length > 0, index + length <= bytes.count,
                  String(validating: bytes[index..<index + length], as: UTF8.self) != nil else { return (line, column) }
            if byte == 0x0A { line += 1; column = 1 } else { column += 1 }
            index += length
        }
        return nil
    }

    /// The offset of the first byte iconv cannot read as `encoding` (`bytes.count` when it
    /// reads them all); nil when iconv does not know the encoding (libxml2 then reads UTF-8).
    static func untranscodableOffset(_ bytes: [UInt8], from encoding: String) -> Int? {
        let converter = iconv_open("UTF-8", encoding)
        guard converter != iconv_t(bitPattern: -1) else { return nil }
        defer { iconv_close(converter) }
        var input = bytes.map { CChar(bitPattern: $0) }
        var scratch = [CChar](repeating: 0, count: 4_096)
        return input.withUnsafeMutableBufferPointer { source in
            var next = source.baseAddress
            var left = source.count
            while left > 0 {
                let converted = scratch.withUnsafeMutableBufferPointer { target in
                    var out = target.baseAddress
                    var room = target.count
                    return iconv(converter, &next, &left, &out, &room)
                }
                if converted == -1 && errno != E2BIG { break }
            }
            return source.count - left
        }
    }

    /// The `encoding` of the XML declaration, lowercased.
    static func declaredEncoding(_ bytes: [UInt8]) -> String? {
        let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        guard bytes[start...].starts(with: Array("<?xml".utf8)) else { return nil }
        let prolog = bytes[start..<min(bytes.count, start + 200)]
        guard let end = prolog.firstIndex(of: 0x3E) else { return nil } // >
        let declaration = String(decoding: prolog[..<end], as: UTF8.self)
        guard let range = declaration.range(of: "encoding") else { return nil }
        let rest = declaration[range.upperBound...].drop { $0 == " " || $0 == "=" || $0 == "\t" }
        guard let quote = rest.first, quote == "\"" || quote == "'" else { return nil }
        return String(rest.dropFirst().prefix { $0 != quote }).lowercased()
    }

    /// The place of a `<!DOCTYPE` in the prolog, the only place one may stand.
    static func doctypePosition(_ bytes: [UInt8]) -> (line: Int, column: Int)? {
        var index = 0
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
        func starts(_ text: String) -> Bool {
            let pattern = Array(text.utf8)
            return index + pattern.count <= bytes.count && Array(bytes[index..<index + pattern.count]) == pattern
        }
        func skip(past end: String) {
            let pattern = Array(end.utf8)
            while index < bytes.count, !starts(end) { index += 1 }
            index = min(bytes.count, index + pattern.count)
        }
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            case UInt8(ascii: "<"):
                if starts("<?") { skip(past: "?>") }
                else if starts("<!--") { skip(past: "-->") }
                else if starts("<!DOCTYPE") || starts("<!doctype") { return position(of: index, in: bytes) }
                else { return nil }
            default: return nil
            }
        }
        return nil
    }

    private static func position(of offset: Int, in bytes: [UInt8]) -> (line: Int, column: Int) {
        var line = 1, column = 1
        for byte in bytes[..<offset] {
            if byte == 0x0A { line += 1; column = 1 } else { column += 1 }
        }
        return (line, column)
    }

    /// The first `&name;` that is neither predefined nor a character reference.
    static func undeclaredEntity(_ bytes: [UInt8]) -> (name: String, line: Int, column: Int)? {
        var line = 1, column = 1, index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "&") {
                var end = index + 1
                while end < bytes.count, end - index < 64, bytes[end] != UInt8(ascii: ";"), bytes[end] > 0x20, bytes[end] != UInt8(ascii: "<") { end += 1 }
                if end < bytes.count, bytes[end] == UInt8(ascii: ";") {
                    let name = String(decoding: bytes[(index + 1)..<end], as: UTF8.self)
                    if !name.hasPrefix("#"), !["lt", "gt", "amp", "quot", "apos"].contains(name) { return (name, line, column) }
                }
            }
            if byte == 0x0A { line += 1; column = 1 } else if byte & 0xC0 != 0x80 { column += 1 }
            index += 1
        }
        return nil
    }

    /// libxml2's error numbers (xmlParserErrors) in words a designer can act on.
    private static func explain(_ code: Int) -> String {
        switch code {
        case 4, 5: "the file ends before its root element is closed"
        case 9: "the file has characters that are not valid in its encoding; save it as UTF-8"
        case 39, 40, 41: "an attribute is not written as name=\"value\""
        case 38, 73: "a < or > is missing or misplaced"
        case 76, 77, 85: "an end tag does not match its start tag"
        case 201, 202: "a prefix is used without its xmlns declaration"
        default: "the parser stopped (libxml2 error \(code)); open the file in your modeler and save it again"
        }
    }
}

/// Builds the tree as libxml2 reports it, keeping the namespace scopes for attributes.
private final class TreeBuilder: NSObject, XMLParserDelegate {
    var root: XMLNode?
    var problem: XMLProblem?
    private var stack: [XMLNode] = []
    /// Prefix → URI, innermost last; one frame per open element.
    private var scopes: [[String: String]] = [[:]]
    private var pendingPrefixes: [String: String] = [:]
    private var elements = 0

    func parser(_ parser: XMLParser, didStartMappingPrefix prefix: String, toURI namespaceURI: String) {
        pendingPrefixes[prefix] = namespaceURI
    }

    func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                qualifiedName: String?, attributes: [String: String] = [:]) {
        elements += 1
        if stack.count >= XMLTreeReader.maxDepth || elements > XMLTreeReader.maxElements {
            problem = XMLProblem(line: parser.lineNumber, column: parser.columnNumber,
                message: stack.count >= XMLTreeReader.maxDepth
                    ? "nests elements more than \(XMLTreeReader.maxDepth) deep; a model never does, so the file is refused"
                    : "has more than \(XMLTreeReader.maxElements) elements; split the model")
            parser.abortParsing()
            return
        }
        scopes.append(scopes[scopes.count - 1].merging(pendingPrefixes) { $1 })
        pendingPrefixes = [:]
        let scope = scopes[scopes.count - 1]
        let resolved = attributes.sorted { $0.key < $1.key }.compactMap { name, value -> XMLNode.Attribute? in
            guard let colon = name.firstIndex(of: ":") else { return XMLNode.Attribute(name: name, namespace: "", value: value) }
            let prefix = String(name[..<colon])
            if prefix == "xmlns" { return nil }
            let local = String(name[name.index(after: colon)...])
            let uri = prefix == "xml" ? "http://www.w3.org/XML/1998/namespace" : scope[prefix] ?? prefix
            return XMLNode.Attribute(name: local, namespace: uri, value: value)
        }
        stack.append(XMLNode(name: elementName, namespace: namespaceURI ?? "", attributes: resolved,
                             line: parser.lineNumber, column: parser.columnNumber))
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
        guard let node = stack.popLast() else { return }
        scopes.removeLast()
        if stack.isEmpty { root = node } else { stack[stack.count - 1].children.append(node) }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        guard !stack.isEmpty else { return }
        stack[stack.count - 1].text += string
    }

    func parser(_ parser: XMLParser, foundCDATA CDATABlock: Data) {
        guard !stack.isEmpty else { return }
        stack[stack.count - 1].text += String(decoding: CDATABlock, as: UTF8.self)
    }
}
