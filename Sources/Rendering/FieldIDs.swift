/// Gives every field a unique HTML id derived from its data path, so error-summary links,
/// labels and `aria-describedby` always point at one element.
struct FieldIDs {
    private var used: Set<String>
    private(set) var byKey: [String: String] = [:]

    init() {
        used = []
        used.reserveCapacity(128)   // a long form's fields, hints and options, without rehashing
    }

    /// `client.address.city` → `field-client-address-city`; a clash gets `-2`, `-3`…
    mutating func allocate(for component: ResolvedComponentID) -> String {
        let base: String
        if let id = component.explicitID, !id.isEmpty {
            base = FieldIDs.sanitise(id)
        } else if let key = component.key {
            base = "field-" + FieldIDs.sanitise(key)
        } else {
            base = "c-" + component.type
        }
        var id = base
        var counter = 2
        while !used.insert(id).inserted {
            id = "\(base)-\(counter)"
            counter += 1
        }
        if let key = component.key, byKey[key] == nil { byKey[key] = id }
        return id
    }

    /// Reserves an id that is not a component's (an option's, a hint's).
    mutating func reserve(_ wanted: String) -> String {
        var id = wanted
        var counter = 2
        while !used.insert(id).inserted {
            id = "\(wanted)-\(counter)"
            counter += 1
        }
        return id
    }

    /// Letters, digits, `_` and `-` stay; every other run of characters becomes one `-`.
    /// Data paths are nearly always ASCII, so that case works on bytes (it runs for every
    /// field of every page); other text takes the Unicode path.
    static func sanitise(_ text: String) -> String {
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

/// What `FieldIDs` needs to know of a component.
struct ResolvedComponentID {
    let explicitID: String?
    let key: String?
    let type: String
}
