import Definitions
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
        /// For a screen: the process and node (or flow and state) it shows.
        public var owner: Coverage.Owner?
        public var node: String?
        /// For a screen: `initial`, `variant`, `errors`, `end` or `close`.
        public var state: String?
        /// Reached only by forcing a branch no explored data took.
        public var forced = false
        /// For a screen: the other pages of the site that show the same page (two walks meet
        /// the same screen; only their Continue and Back links differ). It was audited once.
        public var samePages: [String] = []

        public init(kind: Kind, path: String, title: String, violations: [Violation],
                    owner: Coverage.Owner? = nil, node: String? = nil, state: String? = nil, forced: Bool = false) {
            self.kind = kind; self.path = path; self.title = title; self.violations = violations
            self.owner = owner; self.node = node; self.state = state; self.forced = forced
        }
    }

    public let project: String
    public private(set) var entries: [Entry] = []
    /// What the explorer reached and what it did not, when it ran.
    public var coverage: Coverage?

    public init(project: String) { self.project = project }

    public mutating func append(_ entry: Entry) { entries.append(entry) }

    public var screenCount: Int { entries.filter { $0.kind == .screen }.count }
    public var themeCount: Int { entries.filter { $0.kind == .theme }.count }
    public var violationCount: Int { entries.reduce(0) { $0 + $1.violations.count } }
    /// Pages that showed a page already audited, so were not audited again.
    public var samePageCount: Int { entries.reduce(0) { $0 + $1.samePages.count } }

    /// Another page of the site showing the same page as entry `index`.
    public mutating func addSamePage(_ path: String, to index: Int) { entries[index].samePages.append(path) }
    public var passed: Bool { violationCount == 0 }

    /// The last line of every form of the report.
    public var summary: String {
        "\(Self.count(screenCount, "screen")) and \(Self.count(themeCount, "theme")) audited"
            + (samePageCount > 0 ? " (and \(Self.count(samePageCount, "page")) identical to one of them)" : "")
            + ": \(Self.count(violationCount, "violation"))"
    }

    /// One line per violation — where, rule, element, what to do, the WCAG 2.2 success criteria
    /// it fails — then the coverage (a line
    /// per screen not reached, reached only by forcing, or not passed, and the explorer's
    /// notes), then the summary.
    public var text: String {
        let lines = entries.flatMap { entry in
            entry.violations.map { "\(entry.path)\(entry.samePages.isEmpty ? "" : " (same page: " + entry.samePages.joined(separator: ", ") + ")"): [\($0.rule.rawValue)] \($0.location): \($0.message) — WCAG \($0.rule.criteriaText)" }
        }
        return (lines + (coverage.map(Self.coverageLines) ?? []) + [summary]).joined(separator: "\n")
    }

    /// The coverage as text lines: `unreached: …`, `forced: …`, `not passed: …`, `note: …`, then its summary.
    public static func coverageLines(_ coverage: Coverage) -> [String] {
        var lines: [String] = []
        for item in coverage.unreached { lines.append("unreached: \(item.place): \(item.reason ?? "")") }
        for item in coverage.forced { lines.append("forced: \(item.place): \(item.reason ?? "")") }
        for item in coverage.items where item.status != .unreached {
            for note in item.notes { lines.append("not passed: \(item.place): \(note)") }
        }
        lines += coverage.notes.map { "note: " + $0 }
        lines.append(coverage.summary)
        return lines
    }

    /// Each screen report carries `process` and `node` (or `flow` and `flowState`: `state` is
    /// the page's state there too) and `state`; `coverage` lists every user task, end and flow state.
    public var json: JSONValue {
        let reports: [JSONValue] = entries.map { entry in
            var fields: [String: JSONValue] = [
                "kind": .string(entry.kind.rawValue), "path": .string(entry.path), "title": .string(entry.title),
                "violations": .array(entry.violations.map { violation in
                    .object(["rule": .string(violation.rule.rawValue), "location": .string(violation.location),
                             "message": .string(violation.message),
                             "wcag": .array(violation.rule.criteria.map { criterion in
                                 .object(["number": .string(criterion.number), "name": .string(criterion.name),
                                          "level": .string(criterion.level)])
                             })])
                })]
            if let owner = entry.owner {
                fields[owner.word] = .string(owner.name)
                if let node = entry.node { fields[owner.word == "flow" ? "flowState" : "node"] = .string(node) }
            }
            if let state = entry.state { fields["state"] = .string(state) }
            if entry.forced { fields["forced"] = .bool(true) }
            if !entry.samePages.isEmpty { fields["samePages"] = .array(entry.samePages.map(JSONValue.string)) }
            return .object(fields)
        }
        var report: [String: JSONValue] = [
            "project": .string(project), "screens": .number(Double(screenCount)), "themes": .number(Double(themeCount)),
            "violations": .number(Double(violationCount)), "passed": .bool(passed), "reports": .array(reports),
            "summary": .string(summary)]
        if let coverage { report["coverage"] = Self.json(coverage) }
        return .object(report)
    }

    static func json(_ coverage: Coverage) -> JSONValue {
        func list(_ items: [Coverage.Item]) -> JSONValue {
            .array(items.map { item in
                var fields: [String: JSONValue] = [item.owner.word: .string(item.owner.name),
                                                   item.owner.word == "flow" ? "flowState" : "node": .string(item.node),
                                                   "kind": .string(item.kind.rawValue), "status": .string(item.status.rawValue)]
                if let reason = item.reason { fields["reason"] = .string(reason) }
                if !item.notes.isEmpty { fields["notes"] = .array(item.notes.map(JSONValue.string)) }
                if let outcome = item.outcome { fields["outcome"] = .string(outcome) }
                return .object(fields)
            })
        }
        return .object([
            "total": .number(Double(coverage.items.count)),
            "reached": list(coverage.reached), "forced": list(coverage.forced), "unreached": list(coverage.unreached),
            "notes": .array(coverage.notes.map(JSONValue.string)),
            "actions": .number(Double(coverage.actions)), "states": .number(Double(coverage.states)),
            "summary": .string(coverage.summary),
        ])
    }

    static func count(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }
}
