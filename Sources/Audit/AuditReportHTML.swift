import Definitions

/// The parts of the HTML report (`SignOffReport`) that come from the audit report alone.
extension AuditReport {
    /// What the explorer reached: the summary, then a table of every user task, end and flow
    /// state not reached (with why), reached only by forcing, or reached but not passed.
    func coverageHTML(_ coverage: Coverage) -> String {
        var out = "<h2>Coverage</h2>\n<p>\(Self.escape(coverage.summary)).</p>\n"
        if !coverage.notes.isEmpty {
            out += "<ul>\n" + coverage.notes.map { "<li>\(Self.escape($0))</li>\n" }.joined() + "</ul>\n"
        }
        let listed = coverage.items.filter { $0.status != .reached || !$0.notes.isEmpty }
        if !listed.isEmpty {
            out += "<table>\n<caption>Screens, ends and flow states not reached, forced or not passed</caption>\n"
            out += "<thead><tr><th scope=\"col\">Where</th><th scope=\"col\">Kind</th><th scope=\"col\">Status</th><th scope=\"col\">Why</th></tr></thead>\n<tbody>\n"
            for item in listed {
                let why = ([item.reason].compactMap { $0 } + item.notes.map { "Not passed: " + $0 }).map(Self.escape).joined(separator: "<br>")
                let status = item.status == .reached ? "reached, not passed" : item.status.rawValue
                out += "<tr><td>\(Self.escape(item.place))</td><td>\(item.kind.rawValue)</td><td>\(status)</td><td>\(why)</td></tr>\n"
            }
            out += "</tbody>\n</table>\n"
        }
        let reached = coverage.items.filter { $0.status == .reached }
        if !reached.isEmpty {
            out += "<details><summary>Reached (\(reached.count))</summary>\n<ul>\n"
            out += reached.map { "<li>\(Self.escape($0.place))\($0.outcome.map { " (\($0))" } ?? "")</li>\n" }.joined()
            out += "</ul>\n</details>\n"
        }
        return out
    }

    static func escape(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            default: out.append(character)
            }
        }
        return out
    }
}
