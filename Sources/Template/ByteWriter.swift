/// The renderer's output cursor: bytes appended into plain memory, handed back as an array.
///
/// `Array.append(contentsOf:)` costs about a hundred instructions per call, and a page is
/// hundreds of small appends; even a copy through `withUnsafeMutableBufferPointer` asks the
/// array whether it is uniquely referenced each time. The writer writes into a plain buffer
/// instead (one `memcpy` per append): the storage of the array being made, lent to it
/// (`HTMLBuffer.withWriter`), or an allocation of its own, doubling when full.
struct ByteWriter: ~Copyable {
    private var base: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    /// `base[..<length]` is output.
    private var length: Int
    /// Whether `base` is the writer's own allocation (else it is lent, `init(over:count:)`).
    private var owned: Bool

    /// Writes into `storage` after its first `count` bytes, moving to memory of its own only
    /// if `storage` fills up (`isInStorage` tells).
    init(over storage: UnsafeMutableBufferPointer<UInt8>, count: Int) {
        base = storage.baseAddress!
        capacity = storage.count
        length = count
        owned = false
    }

    deinit {
        if owned { base.deallocate() }
    }

    /// Bytes written so far, those the writer was given included.
    var count: Int {
        @inline(__always) get { length }
    }

    /// Whether everything written is still in the storage the writer was lent.
    var isInStorage: Bool { !owned }

    /// Hands the bytes back.
    consuming func finish(into bytes: inout [UInt8]) {
        bytes = Array(UnsafeBufferPointer(start: base, count: length))
    }

    @inline(__always)
    mutating func append(_ source: UnsafeBufferPointer<UInt8>) {
        let count = source.count
        guard count > 0 else { return }
        if capacity - length < count { grow(by: count) }
        (base + length).update(from: source.baseAddress!, count: count)
        length += count
    }

    @inline(__always)
    mutating func append(_ s: StaticString) {
        s.withUTF8Buffer { append($0) }
    }

    private mutating func grow(by count: Int) {
        let larger = max(capacity * 2, length + count)
        let moved = UnsafeMutablePointer<UInt8>.allocate(capacity: larger)
        moved.initialize(from: base, count: length)
        if owned { base.deallocate() }
        base = moved
        capacity = larger
        owned = true
    }

    // MARK: Strings

    mutating func appendRaw(_ s: String) {
        if s.utf8.withContiguousStorageIfAvailable({ append($0) }) == nil {
            var contiguous = s
            contiguous.makeContiguousUTF8()
            appendRaw(contiguous)
        }
    }

    mutating func appendEscaped(_ s: String) {
        if s.utf8.withContiguousStorageIfAvailable({ appendEscaped($0) }) == nil {
            var contiguous = s
            contiguous.makeContiguousUTF8()
            appendEscaped(contiguous)
        }
    }

    /// Replaces `& < > " '` with `&amp; &lt; &gt; &quot; &#39;`. Runs of bytes that need no
    /// escaping are copied in one go, so ordinary text costs one scan and one copy. The scan
    /// skips eight bytes at a time when none of them is one of the five (`holdsEscapedByte`):
    /// byte by byte, an id or a URL cost some seven instructions a byte.
    mutating func appendEscaped(_ source: UnsafeBufferPointer<UInt8>) {
        guard let start = source.baseAddress else { return }
        var runStart = 0
        var index = 0
        let count = source.count
        while index < count {
            // Sixteen bytes at a time while none needs escaping, then eight, then the rest.
            let step: Int
            if index + 16 <= count {
                step = 16
                if !ByteWriter.holdsEscapedByte(UnsafeRawPointer(start + index).loadUnaligned(as: SIMD16<UInt8>.self)) {
                    index += 16
                    continue
                }
            } else if index + 8 <= count {
                step = 8
                if !ByteWriter.holdsEscapedByte(UnsafeRawPointer(start + index).loadUnaligned(as: UInt64.self)) {
                    index += 8
                    continue
                }
            } else {
                step = count - index
            }
            let end = index + step
            while index < end {
                let byte = start[index]
                // All five are below 0x40: one compare skips letters and every non-ASCII byte, and a
                // bit of `escapedBelow64` tells the rest (digits, `/`, `-`, `.` of ids and URLs) apart.
                if byte < 0x40, ByteWriter.escapedBelow64 & (1 << UInt64(byte)) != 0, let entity = ByteWriter.entity(for: byte) {
                    append(UnsafeBufferPointer(start: start + runStart, count: index - runStart))
                    append(entity)
                    runStart = index + 1
                }
                index += 1
            }
        }
        append(UnsafeBufferPointer(start: start + runStart, count: count - runStart))
    }

    /// The same test on sixteen bytes at once, in vector registers: a URL or a token costs about
    /// one instruction a byte instead of two. Lane by lane, as the word test byte by byte:
    /// wrapping arithmetic (not `.==`, whose masks compile to a loop over the lanes).
    @inline(__always)
    static func holdsEscapedByte(_ bytes: SIMD16<UInt8>) -> Bool {
        let ones = SIMD16<UInt8>(repeating: 0x01)
        @inline(__always) func zeroLanes(_ v: SIMD16<UInt8>) -> SIMD16<UInt8> { (v &- ones) & ~v & SIMD16(repeating: 0x80) }
        let found = zeroLanes(bytes ^ SIMD16(repeating: 0x22)) | zeroLanes((bytes | ones) ^ SIMD16(repeating: 0x27))
            | zeroLanes((bytes | SIMD16(repeating: 0x02)) ^ SIMD16(repeating: 0x3E))
        let words = unsafeBitCast(found, to: SIMD2<UInt64>.self)
        return words[0] | words[1] != 0
    }

    /// Whether one of the eight bytes of `word` is one of `" & ' < >`. A byte equal to `c` is a
    /// zero byte of `word ^ c…c`, and `v` has a zero byte exactly when
    /// `(v - 0x01…01) & ~v & 0x80…80` is not zero. `&` and `'` differ in the lowest bit, `<` and
    /// `>` in the second: or-ing that bit in tests each pair at once.
    @inline(__always)
    static func holdsEscapedByte(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        @inline(__always) func hasZeroByte(_ v: UInt64) -> Bool { (v &- ones) & ~v & (ones &* 0x80) != 0 }
        return hasZeroByte(word ^ (ones &* 0x22))
            || hasZeroByte((word | ones) ^ (ones &* 0x27))
            || hasZeroByte((word | (ones &* 0x02)) ^ (ones &* 0x3E))
    }

    /// Bit `b` set for each byte `b` below 64 that `entity(for:)` replaces: `" & ' < >`.
    private static var escapedBelow64: UInt64 {
        @inline(__always) get { 1 << 0x22 | 1 << 0x26 | 1 << 0x27 | 1 << 0x3C | 1 << 0x3E }
    }

    @inline(__always)
    private static func entity(for byte: UInt8) -> StaticString? {
        switch byte {
        case UInt8(ascii: "&"): "&amp;"
        case UInt8(ascii: "<"): "&lt;"
        case UInt8(ascii: ">"): "&gt;"
        case UInt8(ascii: "\""): "&quot;"
        case UInt8(ascii: "'"): "&#39;"
        default: nil
        }
    }

    // MARK: Values

    /// A value's own text: escaped or raw text, HTML, a number. Flags and containers have none,
    /// and an embedded template is its renderer's business.
    mutating func append(_ value: TemplateValue, escaped: Bool) {
        switch value {
        case .text(let text):
            if escaped { appendEscaped(text) } else { appendRaw(text) }
        case .html(let html):
            appendRaw(html)
        case .number(let number):
            appendNumber(number)
        case .bool, .list, .rows, .object, .embed:
            break
        }
    }

    // MARK: Numbers

    /// A number the way people write it: `3` not `3.0`, `2.5` as `2.5`. Digits never need
    /// escaping, so this serves escaped and raw interpolation alike.
    mutating func appendNumber(_ value: Double) {
        guard value.rounded(.towardZero) == value, abs(value) < 1e15 else {
            appendRaw(value.description)
            return
        }
        // Integral: format into a small stack buffer, without building a `String`.
        var magnitude = Int(value).magnitude
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var start = digits.count
            repeat {
                start -= 1
                digits[start] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            if value < 0 {
                start -= 1
                digits[start] = UInt8(ascii: "-")
            }
            append(UnsafeBufferPointer(rebasing: digits[start...]))
        }
    }
}
