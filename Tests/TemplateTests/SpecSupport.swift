import Foundation
@testable import Template
import Testing

/// JSON as the Mustache spec files hold it. Decoded with `JSONDecoder` (not `JSONSerialization`)
/// so booleans and numbers stay distinct on every platform.
enum SpecJSON: Decodable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([SpecJSON])
    case object([String: SpecJSON])

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let flag = try? container.decode(Bool.self) {
            self = .bool(flag)
        } else if let number = try? container.decode(Double.self) {
            self = .number(number)
        } else if let text = try? container.decode(String.self) {
            self = .string(text)
        } else if let items = try? container.decode([SpecJSON].self) {
            self = .array(items)
        } else {
            self = .object(try container.decode([String: SpecJSON].self))
        }
    }

    /// Spec data as template data: object → context, array → list, string → text,
    /// number → number, bool → bool, null → false (found, but falsy and printing nothing).
    var templateValue: TemplateValue {
        switch self {
        case .null: .bool(false)
        case .bool(let flag): .bool(flag)
        case .number(let number): .number(number)
        case .string(let text): .text(text)
        case .array(let items): .list(items.map(\.templateValue))
        case .object(let fields): .object(DictionaryContext(fields.mapValues(\.templateValue)))
        }
    }
}

/// One case of a spec file.
struct SpecCase: Decodable, Sendable, CustomTestStringConvertible {
    var file = ""
    let name: String
    let data: SpecJSON
    let template: String
    let expected: String
    let partials: [String: String]?

    private enum CodingKeys: String, CodingKey { case name, data, template, expected, partials }

    var testDescription: String { "\(file): \(name)" }
    var id: String { "\(file)/\(name)" }

    private struct SpecFile: Decodable { let tests: [SpecCase] }

    static let files = ["comments", "delimiters", "interpolation", "inverted", "partials", "sections"]

    /// The spec's JSON files in the shared test data beside the repository
    /// (`../shared/testdata/mustache-spec`, with their licence), read in place rather than copied in.
    static let directory = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()   // the repository
        .deletingLastPathComponent().appendingPathComponent("shared/testdata/mustache-spec")

    /// Whether the spec files are there: a developer's machine may lack the shared test data.
    static var available: Bool {
        FileManager.default.fileExists(atPath: directory.appendingPathComponent("\(files[0]).json").path)
    }

    /// Under `CI=true` missing spec files are a failure, not a skip.
    static var isCI: Bool { ProcessInfo.processInfo.environment["CI"] == "true" }

    /// Every case of every file; empty when the files are missing (a separate test fails then).
    static func all() -> [SpecCase] {
        files.flatMap { file -> [SpecCase] in
            let url = directory.appendingPathComponent("\(file).json")
            guard let data = try? Data(contentsOf: url), let spec = try? JSONDecoder().decode(SpecFile.self, from: data) else {
                return []
            }
            return spec.tests.map { test in
                var test = test
                test.file = file
                return test
            }
        }
    }
}
