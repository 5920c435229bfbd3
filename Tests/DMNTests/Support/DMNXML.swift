import DMN
@testable import Definitions

/// A DMN 1.5 file around some elements, read as the project loader will read it.
enum DMNXML {
    static func file(_ body: String, namespace: String = "urn:test:m") -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <definitions xmlns="https://www.omg.org/spec/DMN/20230324/MODEL/" id="defs" name="m" namespace="\(namespace)">
        \(body)
        </definitions>
        """
    }

    static func read(_ body: String) -> DMNReadResult {
        DMNFile.read(Array(file(body).utf8), path: "m.dmn")
    }
}
