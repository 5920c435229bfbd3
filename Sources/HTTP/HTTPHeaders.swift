/// Header fields as they arrived (or will be sent): ordered, repeats kept,
/// names compared without regard to ASCII case, as HTTP requires.
public struct HTTPHeaders: Sendable, Sequence, ExpressibleByDictionaryLiteral {
    public private(set) var fields: [(name: String, value: String)]

    public init() { fields = [] }

    public init(_ fields: [(name: String, value: String)]) { self.fields = fields }

    /// With room for the fields a response gains on its way out (caching, cookies, the four
    /// security headers): growing the array field by field allocated four times per page.
    public init(dictionaryLiteral elements: (String, String)...) {
        fields = []
        fields.reserveCapacity(elements.count + 7)
        for (name, value) in elements { fields.append((name: name, value: value)) }
    }

    /// The first value for `name`, or nil; setting replaces every value for it
    /// (nil removes them).
    public subscript(name: String) -> String? {
        get { fields.first { Self.same($0.name, name) }?.value }
        set {
            if let newValue {
                if let index = fields.firstIndex(where: { Self.same($0.name, name) }) {
                    fields[index].value = newValue
                    var seen = false
                    fields.removeAll { field in
                        guard Self.same(field.name, name) else { return false }
                        defer { seen = true }
                        return seen
                    }
                } else {
                    fields.append((name: name, value: newValue))
                }
            } else {
                remove(name)
            }
        }
    }

    /// Every value for `name`, in order (e.g. several `Set-Cookie`).
    public func values(for name: String) -> [String] {
        var values: [String] = []   // one pass, one array: asked for `Cookie` on every request
        for field in fields where Self.same(field.name, name) { values.append(field.value) }
        return values
    }

    /// Adds a field, keeping earlier ones with the same name.
    public mutating func add(_ name: String, _ value: String) {
        fields.append((name: name, value: value))
    }

    /// Room for `count` fields in all, so adding them one by one allocates once.
    public mutating func reserveCapacity(_ count: Int) {
        fields.reserveCapacity(count)
    }

    public mutating func remove(_ name: String) {
        fields.removeAll { Self.same($0.name, name) }
    }

    public func contains(_ name: String) -> Bool { fields.contains { Self.same($0.name, name) } }

    public var count: Int { fields.count }

    public func makeIterator() -> IndexingIterator<[(name: String, value: String)]> {
        fields.makeIterator()
    }

    /// ASCII case-insensitive comparison without allocating lowercase copies. Over contiguous
    /// bytes (every native string's): several names are compared per request, and `zip` over
    /// two `UTF8View`s cost a call per byte.
    static func same(_ a: String, _ b: String) -> Bool {
        let x = a.utf8, y = b.utf8
        guard x.count == y.count else { return false }
        let compared = x.withContiguousStorageIfAvailable { x in
            y.withContiguousStorageIfAvailable { y in
                for index in 0..<x.count where x[index] != y[index] {
                    if asciiLower(x[index]) != asciiLower(y[index]) { return false }
                }
                return true
            }
        }
        if let compared = compared ?? nil { return compared }
        for (p, q) in zip(x, y) where p != q {
            if asciiLower(p) != asciiLower(q) { return false }
        }
        return true
    }

    @inline(__always) static func asciiLower(_ c: UInt8) -> UInt8 {
        (c >= 0x41 && c <= 0x5A) ? c | 0x20 : c
    }
}
