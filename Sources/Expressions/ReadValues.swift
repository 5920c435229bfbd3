/// The values of the data paths a computation read, in order: the key of a cache of results
/// that depend on nothing else (`FilledMarkdown`, `ResolvedScreens`). Compared exactly; hashed
/// by a cheap digest of each value, not by `JSONValue`'s own hash, which puts every member of
/// every object through a `Hasher` of its own (a list of three small objects cost 9k
/// instructions, more than what it spared).
public struct ReadValues: Hashable, Sendable {
    public let values: [JSONValue]

    public init(reading paths: [DataPath], in data: JSONValue) {
        var values: [JSONValue] = []
        values.reserveCapacity(paths.count)
        for path in paths { values.append(path.get(in: data)) }
        self.values = values
    }

    public func hash(into hasher: inout Hasher) {
        var digest = UInt64(values.count)
        for value in values { digest = ReadValues.mixed(digest ^ ReadValues.digest(value)) }
        hasher.combine(digest)
    }

    public static func == (a: ReadValues, b: ReadValues) -> Bool {
        a.values == b.values
    }

    /// What equal values share: a string by its length and first eight bytes, a number by its
    /// value, a list in order, an object's members in any order (their digests summed).
    static func digest(_ value: JSONValue) -> UInt64 {
        switch value {
        case .null: return 0x6E75_6C6C
        case .bool(let b): return b ? 0x7472_7565 : 0x6661_6C73
        case .number(let n): return n == 0 ? 0x7A65_726F : n.bitPattern   // 0 and -0 are equal
        case .string(let s): return digest(s)
        case .array(let items):
            var digest = 0x6172_7261_7900 ^ UInt64(items.count)
            for item in items { digest = mixed(digest ^ self.digest(item)) }
            return digest
        case .object(let members):
            var sum = 0x6F62_6A00 ^ UInt64(members.count)
            for (key, member) in members { sum &+= mixed(digest(key) &* 31 ^ digest(member)) }
            return sum
        }
    }

    private static func digest(_ string: String) -> UInt64 {
        var word = UInt64(string.utf8.count) << 56
        let read: Void? = string.utf8.withContiguousStorageIfAvailable { bytes in
            if bytes.count >= 8 {
                word ^= UnsafeRawPointer(bytes.baseAddress!).loadUnaligned(as: UInt64.self).littleEndian
            } else {
                for index in bytes.indices { word ^= UInt64(bytes[index]) << (8 * UInt64(index)) }
            }
        }
        if read == nil {
            for (index, byte) in string.utf8.prefix(8).enumerated() { word ^= UInt64(byte) << (8 * UInt64(index)) }
        }
        return mixed(word)
    }

    /// A bijective scramble (the finalizer of MurmurHash3's 64-bit variant), so that sums and
    /// xors of digests do not cancel out for similar values.
    private static func mixed(_ x: UInt64) -> UInt64 {
        var x = x
        x ^= x >> 33
        x &*= 0xff51_afd7_ed55_8ccd
        x ^= x >> 33
        x &*= 0xc4ce_b9fe_1a85_ec53
        x ^= x >> 33
        return x
    }
}
