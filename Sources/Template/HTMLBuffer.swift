/// Growable byte buffer pages are rendered into.
///
/// Pages are written as UTF-8 bytes, not `String`s, so rendering is a sequence of copies into
/// one array that is handed to the HTTP layer as-is.
public struct HTMLBuffer: Sendable {
    public private(set) var bytes: [UInt8]

    /// An empty buffer for a template to render into: the template's writer sizes its memory
    /// from the template (reserving here as well allocated the page twice).
    public init() {
        bytes = []
    }

    /// `capacity` is reserved up front for bytes appended one by one (`appendRaw`).
    public init(capacity: Int) {
        bytes = []
        bytes.reserveCapacity(capacity)
    }

    /// Number of bytes written so far.
    public var count: Int { bytes.count }

    // MARK: Raw: the caller vouches that the text is safe HTML.

    public mutating func appendRaw(_ s: String) {
        bytes.append(contentsOf: s.utf8)
    }

    public mutating func appendRaw(_ s: StaticString) {
        s.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    public mutating func appendRaw(_ b: [UInt8]) {
        bytes.append(contentsOf: b)
    }

    public mutating func appendRaw(_ b: UnsafeBufferPointer<UInt8>) {
        bytes.append(contentsOf: b)
    }

    // MARK: Escaped

    /// Appends `s` with `& < > " '` replaced by `&amp; &lt; &gt; &quot; &#39;`.
    public mutating func appendEscaped(_ s: String) {
        withWriter(expected: s.utf8.count) { $0.appendEscaped(s) }
    }

    public mutating func appendEscaped(_ b: UnsafeBufferPointer<UInt8>) {
        withWriter(expected: b.count) { $0.appendEscaped(b) }
    }

    /// Runs `body` with a fast writer over the bytes (what templates render through);
    /// `expected` is roughly how many bytes `body` will write. The writer writes straight into
    /// the new array's storage (made apart and copied at the end, a page was allocated and
    /// copied once more); only output beyond that room moves it to memory of its own.
    mutating func withWriter<Result>(expected: Int, _ body: (inout ByteWriter) -> Result) -> Result {
        let kept = bytes.count
        var result: Result?
        var overflow: [UInt8]?
        let written = [UInt8](unsafeUninitializedCapacity: max(kept + max(expected, 64), bytes.capacity)) { storage, count in
            bytes.withUnsafeBufferPointer { if let from = $0.baseAddress { storage.baseAddress!.initialize(from: from, count: kept) } }
            var writer = ByteWriter(over: storage, count: kept)
            result = body(&writer)
            if writer.isInStorage {
                count = writer.count
            } else {
                var moved: [UInt8] = []
                writer.finish(into: &moved)
                overflow = moved
            }
        }
        bytes = overflow ?? written
        return result!
    }
}
