import Expressions

/// What one `flowstage audit` found: an entry per screen page (and per theme, for contrast),
/// each with its violations, written as text, JSON or HTML.
public struct AuditReport: Sendable {
    public struct Entry: Sendable {
        public enum Kind: String, Sendable { case screen, theme }
        public let kind: Kind
        /// For a screen, the page's path in `flowstage render`'s site (`en-dark/scenario-x/01-personal.html`);
        /// for a theme, its name.
        public let path: String
        public let title: String
        public let violations: [Violation]

        public init(kind: Kind, path: String, title: String, violations: [Violation]) {
            self.kind = kind; self.path = path; self.title = title; self.violations = violations
        }
    }

    public let project: String
    public private(set) var entries: [Entry] = []

    public init(project: String) { self.project = project }

    public mutating func append(_ entry: Entry) { entries.append(entry) }

    public var screenCount: Int { entries.filter { $0.kind == .screen }.count }
    public var themeCount: Int { entries.filter { $0.kind == .theme }.count }
    public var violationCount: Int { entries.reduce(0) { $0 + $1.violations.count } }
    public var passed: Bool { violationCount == 0 }

    /// The last line of every form of the report.
    public var summary: String {
        "\(Self.count(screenCount, "screen")) and \(Self.count(themeCount, "theme")) audited: \(Self.count(violationCount, "violation"))"
    }

    /// One line per violation — where, rule, element, what to do — then the summary.
    public var text: String {
        let lines = entries.flatMap { entry in
            entry.violations.map { "\(entry.path): [\($0.rule.rawValue)] \($0.location): \($0.message)" }
        }
        return (lines + [summary]).joined(separator: "\n")
    }

    public var json: JSONValue {
        let reports: [JSONValue] = entries.map { entry in
            .object(["kind": .string(entry.kind.rawValue), "path": .string(entry.path), "title": .string(entry.title),
                     "violations": .array(entry.violations.map { violation in
                         .object(["rule": .string(violation.rule.rawValue), "location": .string(violation.location),
                                  "message": .string(violation.message)])
                     })])
        }
        return .object(["project": .string(project), "screens": .number(Double(screenCount)), "themes": .number(Double(themeCount)),
                        "violations": .number(Double(violationCount)), "passed": .bool(passed), "reports": .array(reports),
                        "summary": .string(summary)])
    }

    static func count(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }
}
