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
                out += "<thead><tr><th scope=\"col\">Rule</th><th scope=\"col\">Where</th><th scope=\"col\">Problem</th></tr></thead>\n<tbody>\n"
                for violation in entry.violations {
                    out += "<tr><td>\(violation.rule.rawValue)</td><td><code>\(escape(violation.location))</code></td><td>\(escape(violation.message))</td></tr>\n"
                }
                out += "</tbody>\n</table>\n"
            }
        }
        let clean = entries.filter(\.violations.isEmpty)
        if !clean.isEmpty {
            out += "<h2>Without violations</h2>\n<ul>\n"
            for entry in clean { out += "<li><code>\(escape(entry.path))</code> – \(escape(entry.title))</li>\n" }
            out += "</ul>\n"
        }
        out += "</main>\n</body>\n</html>\n"
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
