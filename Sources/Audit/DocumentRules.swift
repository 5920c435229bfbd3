/// Rules about the page as a whole: language, title, headings, ids and the ids others point to.
enum DocumentRules {
    static func htmlLang(_ page: PageIndex) -> [Violation] {
        guard let html = page.all("html").first else {
            return [Violation(.htmlLang, "html", "the page has no <html> element; start it with <html lang=\"…\">")]
        }
        return (html["lang"] ?? "").isBlank
            ? [Violation(.htmlLang, "html", "<html> has no lang; set it to the page's language, e.g. lang=\"en\"")] : []
    }

    static func pageTitle(_ page: PageIndex) -> [Violation] {
        page.all("title").first.map(\.text).map { $0.isBlank } ?? true
            ? [Violation(.pageTitle, "head > title", "the page has no title; give it \"Screen – Process – Project\"")] : []
    }

    static func oneH1(_ page: PageIndex) -> [Violation] {
        let h1s = page.all("h1")
        switch h1s.count {
        case 1: return []
        case 0: return [Violation(.oneH1, "body", "the page has no h1; the screen title should be its only h1")]
        default:
            return h1s.dropFirst().map {
                Violation(.oneH1, $0.selector, "a second h1 (\"\($0.text)\"); keep one h1 for the screen title and use h2 below it")
            }
        }
    }

    /// Going down, each heading is at most one level below the one before; going up is free.
    /// The first heading may be any level (an error summary's h2 may come before the h1).
    static func headingOrder(_ page: PageIndex) -> [Violation] {
        var level = 0
        var found: [Violation] = []
        for heading in page.elements where heading.tag.count == 2 && heading.tag.first == "h" {
            guard let next = Int(heading.tag.dropFirst()), (1...6).contains(next) else { continue }
            if level > 0 && next > level + 1 {
                found.append(Violation(.headingOrder, heading.selector,
                                       "h\(next) \"\(heading.text)\" follows h\(level); use h\(level + 1) so no level is skipped"))
            }
            level = next
        }
        return found
    }

    static func uniqueIDs(_ page: PageIndex) -> [Violation] {
        var counts: [String: Int] = [:]
        var order: [String] = []
        for element in page.elements {
            guard let id = element["id"], !id.isEmpty else { continue }
            if counts[id] == nil { order.append(id) }
            counts[id, default: 0] += 1
        }
        return order.filter { counts[$0]! > 1 }.map {
            Violation(.uniqueID, "[id=\"\($0)\"]", "\(counts[$0]!) elements have id \"\($0)\"; ids must be unique")
        }
    }

    /// `aria-describedby`, `aria-labelledby`, `label for` and `#fragment` links must name ids
    /// that exist, or hints, names and error-summary links silently lead nowhere.
    static func references(_ page: PageIndex) -> [Violation] {
        var found: [Violation] = []
        for element in page.elements {
            for attribute in ["aria-describedby", "aria-labelledby"] {
                for id in (element[attribute] ?? "").split(separator: " ") where page.byID[String(id)] == nil {
                    found.append(Violation(.reference, element.selector, "\(attribute) names \"\(id)\", but no element has that id"))
                }
            }
            if element.tag == "label", let target = element["for"], page.byID[target] == nil {
                found.append(Violation(.reference, element.selector, "label for=\"\(target)\", but no element has that id"))
            }
            if element.tag == "a", let href = element["href"], href.hasPrefix("#"), href.count > 1,
               page.byID[String(href.dropFirst())] == nil {
                found.append(Violation(.reference, element.selector, "links to \(href), but no element has that id"))
            }
        }
        return found
    }
}
