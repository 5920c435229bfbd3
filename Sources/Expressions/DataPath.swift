/// Why a data path was refused.
public struct DataPathError: Error, Sendable, CustomStringConvertible {
    public let message: String
    public var description: String { message }
    public init(message: String) { self.message = message }
}

/// A location in instance data: `client.firstName`, `documents[0].name`.
/// Reading a missing location gives null; writing creates what is missing.
public struct DataPath: Sendable, Hashable, CustomStringConvertible {
    public enum Segment: Sendable, Hashable {
        case key(String)
        case index(Int)
    }

    /// Writes past this index are refused so one post cannot allocate a huge array.
    public static let maximumIndex = 9_999

    public let segments: [Segment]
    /// The path as written (`client.address[0].city`). Kept, not rebuilt: every post and every
    /// page asks for it per field.
    public let description: String

    public init(segments: [Segment]) {
        self.segments = segments
        self.description = DataPath.text(of: segments)
    }

    public init(_ text: String) throws(DataPathError) {
        var segments: [Segment] = []
        var chars = Substring(text)
        func fail(_ why: String) -> DataPathError { DataPathError(message: why) }
        guard !chars.isEmpty else { throw fail("a path cannot be empty") }
        var expectName = true
        while !chars.isEmpty {
            if chars.first == "[" {
                guard !segments.isEmpty || !expectName else { throw fail("a path cannot start with [") }
                guard let close = chars.firstIndex(of: "]") else { throw fail("[ without ]") }
                guard let index = Int(chars[chars.index(after: chars.startIndex)..<close]), index >= 0,
                      index <= DataPath.maximumIndex else {
                    throw fail("an index must be a whole number from 0 to \(DataPath.maximumIndex)")
                }
                segments.append(.index(index))
                chars = chars[chars.index(after: close)...]
                expectName = false
            } else if chars.first == "." {
                guard !segments.isEmpty, !expectName else { throw fail("a path cannot have an empty name") }
                chars = chars.dropFirst()
                expectName = true
                if chars.isEmpty { throw fail("a path cannot end with .") }
            } else {
                guard expectName else { throw fail("expected . or [ after a name") }
                let name = chars.prefix { DataPath.isNameCharacter($0) }
                guard !name.isEmpty else { throw fail("unexpected character \"\(chars.first!)\"") }
                segments.append(.key(String(name)))
                chars = chars.dropFirst(name.count)
                expectName = false
            }
        }
        self.segments = segments
        self.description = DataPath.text(of: segments)
    }

    static func isNameCharacter(_ c: Character) -> Bool {
        c.isLetter || c.isNumber || c == "_" || c == "-" || c == "$"
    }

    private static func text(of segments: [Segment]) -> String {
        var out = ""
        for segment in segments {
            switch segment {
            case .key(let name): out += out.isEmpty ? name : "." + name
            case .index(let i): out += "[\(i)]"
            }
        }
        return out
    }

    /// The path with `other` appended (collection items: `documents[2]` + `name`).
    public func appending(_ other: DataPath) -> DataPath { DataPath(segments: segments + other.segments) }

    /// Whether this path is `other` or an ancestor of it (`client` covers `client.name`).
    public func covers(_ other: DataPath) -> Bool {
        other.segments.count >= segments.count && Array(other.segments.prefix(segments.count)) == segments
    }

    public func get(in root: JSONValue) -> JSONValue {
        DataPath.get(root, segments[...])
    }

    /// This path read in a collection item's scope without building it: `$item…` inside `item`,
    /// `$index` as `index`, anything else nothing.
    public func get(item: JSONValue, index: Int) -> JSONValue {
        switch segments.first {
        case .key("$item"): DataPath.get(item, segments.dropFirst())
        case .key("$index") where segments.count == 1: .number(Double(index))
        default: .null
        }
    }

    /// Each segment matched on its own: a switch over `(segment, current)` copied both into a
    /// tuple per step (a retain and a release each; a page reads a path per field).
    private static func get(_ root: JSONValue, _ segments: ArraySlice<Segment>) -> JSONValue {
        var current = root
        for segment in segments {
            switch segment {
            case .key(let name):
                guard case .object(let members) = current, let member = JSONValue.member(name, of: members) else { return .null }
                current = member
            case .index(let i):
                guard case .array(let items) = current, items.indices.contains(i) else { return .null }
                current = items[i]
            }
        }
        return current
    }

    /// Writes `value`, replacing whatever non-container stood in the way.
    public func set(_ value: JSONValue, in root: inout JSONValue) {
        DataPath.set(value, in: &root, segments[...])
    }

    private static func set(_ value: JSONValue, in node: inout JSONValue, _ rest: ArraySlice<Segment>) {
        guard let first = rest.first else { node = value; return }
        switch first {
        case .key(let name):
            var members = node.objectValue ?? [:]
            node = .null // drop the reference so the dictionary is mutated in place
            var child = members.removeValue(forKey: name) ?? .null
            set(value, in: &child, rest.dropFirst())
            members[name] = child
            node = .object(members)
        case .index(let i):
            var items = node.arrayValue ?? []
            node = .null
            if items.count <= i { items.append(contentsOf: repeatElement(.null, count: i + 1 - items.count)) }
            set(value, in: &items[i], rest.dropFirst())
            node = .array(items)
        }
    }
}
