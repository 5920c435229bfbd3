/// The namespace URIs DMN files declare, by version: a file is matched by what its default
/// (or `dmn:`, `semantic:`) namespace means, never by the prefix.
enum DMNNamespace {
    static let models = [
        "http://www.omg.org/spec/DMN/20151101/dmn.xsd",      // DMN 1.1
        "http://www.omg.org/spec/DMN/20180521/MODEL/",       // DMN 1.2
        "https://www.omg.org/spec/DMN/20191111/MODEL/",      // DMN 1.3
        "https://www.omg.org/spec/DMN/20211108/MODEL/",      // DMN 1.4
        "https://www.omg.org/spec/DMN/20230324/MODEL/",      // DMN 1.5
    ]

    /// Versions by URI, for messages.
    static func version(_ uri: String) -> String? {
        guard let index = models.firstIndex(of: uri) else { return nil }
        return "1.\(index + 1)"
    }
}
