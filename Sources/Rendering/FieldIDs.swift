/// Gives every field a unique HTML id derived from its data path, so error-summary links,
/// labels and `aria-describedby` always point at one element.
struct FieldIDs {
    /// Every id given so far.
    private(set) var used: Set<String>
    private(set) var byKey: [String: String] = [:]
    /// The ids that had to give a `-2`-style suffix to a later one.
    private(set) var clashedBases: Set<String> = []
    var clashed: Bool { !clashedBases.isEmpty }

    init() {
        used = []
    }

    /// Room for a long form's fields, hints and options, made on the first id: a page of
    /// specialized components takes none, and then allocates nothing here.
    @inline(__always)
    private mutating func prepare() {
        if used.isEmpty { used.reserveCapacity(128) }
    }

    /// A component's `htmlID` (`field-client-address-city`), unless taken; a clash gets `-2`,
    /// `-3`… `key` is the component's data path, for the error summary's links.
    mutating func allocate(_ base: String, key: String?) -> String {
        prepare()
        var id = base
        var counter = 2
        while !used.insert(id).inserted {
            id = "\(base)-\(counter)"
            counter += 1
            clashedBases.insert(base)
        }
        if let key { register(key, id: id) }
        return id
    }

    /// Records `id` as the element of `key`, for the error summary's links (the first wins).
    mutating func register(_ key: String, id: String) {
        if byKey[key] == nil { byKey[key] = id }
    }

    /// Reserves an id that is not a component's (an option's, a hint's).
    mutating func reserve(_ wanted: String) -> String {
        prepare()
        var id = wanted
        var counter = 2
        while !used.insert(id).inserted {
            id = "\(wanted)-\(counter)"
            counter += 1
            clashedBases.insert(wanted)
        }
        return id
    }
}
