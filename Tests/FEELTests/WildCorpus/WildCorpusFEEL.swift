import Foundation

/// One distinct FEEL text of the wild corpus (../shared/testdata/wild, read where it lies):
/// what it is parsed as, its text, and every place it was found.
struct CorpusExpression: Sendable {
    enum Kind: String, Sendable, Hashable {
        /// An expression: `FEELExpression(source)`.
        case expression
        /// A DMN input entry: `FEELExpression(unaryTests: source)`.
        case unaryTests = "unary tests"
    }

    /// Where a text was found: the file (relative to the corpus folder) and a hint inside it.
    struct Place: Sendable, CustomStringConvertible {
        let file: String
        let location: String
        var description: String { "\(file) (\(location))" }
    }

    let kind: Kind
    /// The FEEL text, without the `=` that marks it in BPMN and forms.
    let source: String
    var places: [Place]

    /// The first place, for messages.
    var place: Place { places[0] }
}

/// Finds every FEEL text of the corpus. The files are only read, never copied: the corpus
/// belongs to its authors (see its README), the tests point at it.
enum WildCorpus {
    /// `../shared/testdata/wild` beside the repository (four levels above this file; symlinks
    /// resolved so a scratch package that links the test folder finds the same corpus).
    static let root = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("../shared/testdata/wild").standardizedFileURL

    static var available: Bool { FileManager.default.fileExists(atPath: root.path) }

    /// Every distinct (kind, source), in the order of the files (sorted by path) and of the
    /// texts inside them; found once per run.
    static let expressions: [CorpusExpression] = (try? findAll()) ?? []

    static func findAll() throws -> [CorpusExpression] {
        var found: [CorpusExpression] = []
        var index: [String: Int] = [:]
        func add(_ kind: CorpusExpression.Kind, _ source: String, _ place: CorpusExpression.Place) {
            let key = kind.rawValue + "\u{0}" + source
            if let at = index[key] {
                found[at].places.append(place)
            } else {
                index[key] = found.count
                found.append(CorpusExpression(kind: kind, source: source, places: [place]))
            }
        }
        for file in try files() {
            let relative = String(file.path.dropFirst(root.path.count + 1))
            let data = try Data(contentsOf: file)
            let name = file.lastPathComponent
            if name.hasSuffix(".bpmn") || name.hasSuffix(".bpmn20.xml") {
                for (source, location) in WildBPMNReader.read(data) {
                    add(.expression, source, .init(file: relative, location: location))
                }
            } else if name.hasSuffix(".dmn") {
                for (kind, source, location) in WildDMNReader.read(data) {
                    add(kind, source, .init(file: relative, location: location))
                }
            } else if name.hasSuffix(".form") || (name.hasSuffix(".json") && relative.hasPrefix("formjs/")) {
                for (source, location) in WildFormReader.read(data) {
                    add(.expression, source, .init(file: relative, location: location))
                }
            }
        }
        return found
    }

    /// The corpus's files, sorted by path so the order (and so the messages) never varies.
    private static func files() throws -> [URL] {
        guard let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey]) else { return [] }
        var files: [URL] = []
        for case let url as URL in enumerator where (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true {
            files.append(url.standardizedFileURL)
        }
        return files.sorted { $0.path < $1.path }
    }
}
