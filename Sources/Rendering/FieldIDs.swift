/// Gives every field a unique HTML id derived from its data path, so error-summary links,
/// labels and `aria-describedby` always point at one element.
struct FieldIDs {
    private var used: Set<String> = []
    private(set) var byKey: [String: String] = [:]

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

    static func sanitise(_ text: String) -> String {
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
