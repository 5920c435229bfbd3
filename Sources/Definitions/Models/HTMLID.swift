/// HTML ids made from what designers write (component ids, data paths, node names).
public enum HTMLID {
    /// Letters, digits, `_` and `-` stay; every other run of characters becomes one `-`.
    /// Data paths are nearly always ASCII, so that case works on bytes (it runs for every
    /// field of every page); other text takes the Unicode path.
    public static func sanitise(_ text: String) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"):
                bytes.append(byte)
            case 0x80...:
                return sanitiseUnicode(text)
            default:
                if bytes.last != UInt8(ascii: "-") { bytes.append(UInt8(ascii: "-")) }
            }
        }
        while bytes.last == UInt8(ascii: "-") { bytes.removeLast() }
        return bytes.isEmpty ? "x" : String(decoding: bytes, as: UTF8.self)
    }

    private static func sanitiseUnicode(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            if scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "_" || scalar == "-" {
                out.unicodeScalars.append(scalar)
            } else if out.last != "-" {
                out.append("-")
            }
        }
        while out.last == "-" { out.removeLast() }
        return out.isEmpty ? "x" : out
    }
}
