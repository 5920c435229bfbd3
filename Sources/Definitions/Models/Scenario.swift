import Foundation
import Expressions

/// A scripted walk through one process (`scenarios/*.json`, docs/reference/scenarios.md): the designer's own
/// regression test, and the path `render` takes through the screens.
public struct Scenario: Sendable {
    /// What a step expects to find before it acts.
    public enum Expectation: Sendable, Equatable, CustomStringConvertible {
        /// The user task with this id is waiting.
        case screen(String)
        /// The instance has ended with this outcome (`"end:completed"`).
        case end(Outcome)
        /// The instance has ended at this end node, whose page (its message) is shown: `"expect": "<end node id>"`.
        case endPage(String)

        public var description: String {
            switch self {
            case .screen(let id): "screen \"\(id)\""
            case .end(let outcome): "the end (\(outcome.rawValue))"
            case .endPage(let id): "the end page \"\(id)\""
            }
        }
    }

    public struct Step: Sendable {
        public let expect: Expectation?
        /// The action to post after checking; nil for a final check.
        public let action: String?
        /// Posted fields in file order; a list posts the name once per item (checkbox groups).
        public let values: [(name: String, value: String)]
        /// Keys expected to have field errors after the post; nil when the step does not check.
        /// An empty list means "no errors"; a non-empty one means the post must be refused.
        public let expectErrors: [String]?
        /// Files posted with the action (`uploads`), through the same checks as the browser's.
        public let uploads: [Upload]
        public let pointer: JSONPointer

        public init(expect: Expectation?, action: String?, values: [(name: String, value: String)],
                    expectErrors: [String]?, uploads: [Upload] = [], pointer: JSONPointer) {
            self.expect = expect; self.action = action; self.values = values
            self.expectErrors = expectErrors; self.uploads = uploads; self.pointer = pointer
        }
    }

    /// One file a step posts under a fileUpload's key: a file of the project (`"file"`, a path
    /// inside the project folder) or inline text (`"content"`) or bytes (`"base64"`) with a `"name"`.
    public struct Upload: Sendable {
        public enum Source: Sendable { case file(URL), bytes([UInt8]) }
        public let key: String
        public let fileName: String
        public let source: Source

        public init(key: String, fileName: String, source: Source) {
            self.key = key; self.fileName = fileName; self.source = source
        }
    }

    /// The file name without `.json`.
    public let name: String
    public let file: String
    public let process: String
    public let language: String?
    public let params: [String: JSONValue]
    public let steps: [Step]

    public init(name: String, file: String, process: String, language: String?, params: [String: JSONValue], steps: [Step]) {
        self.name = name; self.file = file; self.process = process
        self.language = language; self.params = params; self.steps = steps
    }
}
