import Definitions

/// The report as one self-contained HTML page (`--html DIR`). It is read by the same
/// accessibility reviewers, so it follows the rules it reports on: a language, a title, one
/// h1, no skipped headings, tables with captions and column headers, and black on white.
extension AuditReport {
    public var html: String {
        var out = """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(passed ? "" : "Violations: ")Accessibility audit – \(escape(project))</title>
            <style>
            body { font: 1rem/1.5 system-ui, sans-serif; color: #1b1f23; background: #fff; margin: 0 auto; padding: 1rem; max-width: 72rem; }
            a { color: #0b5cad; } a:focus { outline: 3px solid #b3470b; outline-offset: 2px; }
            table { border-collapse: collapse; width: 100%; margin-bottom: 1.5rem; }
            caption { text-align: left; font-weight: bold; padding: .25rem 0; }
            th, td { border: 1px solid #6b7785; padding: .25rem .5rem; text-align: left; vertical-align: top; overflow-wrap: anywhere; }
            code { font-size: .9em; }
            .skip { position: absolute; left: -999rem; } .skip:focus { position: static; }
            </style>
            </head>
            <body>
            <a class="skip" href="#main">Skip to the report</a>
            <main id="main" tabindex="-1">
            <h1>Accessibility audit: \(escape(project))</h1>
            <p>\(escape(summary)).</p>

            """
        for (kind, heading) in [(Entry.Kind.screen, "Screens with violations"), (.theme, "Themes with violations")] {
            let failing = entries.filter { $0.kind == kind && !$0.violations.isEmpty }
            guard !failing.isEmpty else { continue }
            out += "<h2>\(heading)</h2>\n"
            for entry in failing {
                out += "<table>\n<caption><code>\(escape(entry.path))</code> – \(escape(entry.title)) "
                out += "(\(Self.count(entry.violations.count, "violation")))</caption>\n"
                out += "<thead><tr><th scope=\"col\">Rule</th><th scope=\"col\">WCAG 2.2</th><th scope=\"col\">Where</th><th scope=\"col\">Problem</th></tr></thead>\n<tbody>\n"
                for violation in entry.violations {
                    let criteria = violation.rule.criteria.map { escape($0.description) }.joined(separator: "<br>")
                    out += "<tr><td>\(violation.rule.rawValue)</td><td>\(criteria)</td><td><code>\(escape(violation.location))</code></td><td>\(escape(violation.message))</td></tr>\n"
                }
                out += "</tbody>\n</table>\n"
            }
        }
        if let coverage { out += coverageHTML(coverage) }
        let clean = entries.filter(\.violations.isEmpty)
        if !clean.isEmpty {
            out += "<h2>Without violations</h2>\n<ul>\n"
            for entry in clean { out += "<li><code>\(escape(entry.path))</code> – \(escape(entry.title))</li>\n" }
            out += "</ul>\n"
        }
        out += "</main>\n</body>\n</html>\n"
        return out
    }

    /// What the explorer reached: the summary, then a table of every user task, end and flow
    /// state not reached (with why), reached only by forcing, or reached but not passed.
    private func coverageHTML(_ coverage: Coverage) -> String {
        var out = "<h2>Coverage</h2>\n<p>\(escape(coverage.summary)).</p>\n"
        if !coverage.notes.isEmpty {
            out += "<ul>\n" + coverage.notes.map { "<li>\(escape($0))</li>\n" }.joined() + "</ul>\n"
        }
        let listed = coverage.items.filter { $0.status != .reached || !$0.notes.isEmpty }
        if !listed.isEmpty {
            out += "<table>\n<caption>Screens, ends and flow states not reached, forced or not passed</caption>\n"
            out += "<thead><tr><th scope=\"col\">Where</th><th scope=\"col\">Kind</th><th scope=\"col\">Status</th><th scope=\"col\">Why</th></tr></thead>\n<tbody>\n"
            for item in listed {
                let why = ([item.reason].compactMap { $0 } + item.notes.map { "Not passed: " + $0 }).map(escape).joined(separator: "<br>")
                let status = item.status == .reached ? "reached, not passed" : item.status.rawValue
                out += "<tr><td>\(escape(item.place))</td><td>\(item.kind.rawValue)</td><td>\(status)</td><td>\(why)</td></tr>\n"
            }
            out += "</tbody>\n</table>\n"
        }
        let reached = coverage.items.filter { $0.status == .reached }
        if !reached.isEmpty {
            out += "<details><summary>Reached (\(reached.count))</summary>\n<ul>\n"
            out += reached.map { "<li>\(escape($0.place))\($0.outcome.map { " (\($0))" } ?? "")</li>\n" }.joined()
            out += "</ul>\n</details>\n"
        }
        return out
    }

    private func escape(_ text: String) -> String {
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
