import Expressions
import Foundation

/// Reads `enumerations/*.json` and checks each list on its own and against its parent.
struct EnumerationLoader {
    /// More items than this in one list is an error: a select that long is unusable, and the
    /// cap keeps a runaway file from slowing every page.
    static let maxItems = 5_000

    let loader: ProjectLoader

    func loadAll(_ folder: URL, errors: inout [LoadError]) -> [String: Enumeration] {
        var lists: [String: Enumeration] = [:]
        for file in loader.jsonFiles(folder, "enumerations") {
            guard let value = loader.readJSON(folder, file, &errors) else { continue }
            let diagnostics = Diagnostics(file: file)
            if let list = decode(value, file: file, diagnostics) {
                if let other = lists[list.name] {
                    diagnostics.error(at: JSONPointer("/name"), "another list (\(other.file)) is already named \"\(list.name)\"; rename one")
                } else {
                    // Kept even with item errors, so fields naming it are not reported a second time.
                    lists[list.name] = list
                }
            }
            errors += diagnostics.errors
        }
        for list in lists.values.sorted(by: { $0.file < $1.file }) {
            checkParent(list, lists, &errors)
        }
        return lists
    }

    private func decode(_ value: JSONValue, file: String, _ diagnostics: Diagnostics) -> Enumeration? {
        guard let root = ObjectReader(value, at: JSONPointer(), diagnostics, what: "An enumeration") else { return nil }
        let fallback = String(file.dropFirst("enumerations/".count).dropLast(".json".count))
        let name = root.string("name") ?? fallback
        let parent = root.string("parent")
        guard let entries = root.array("items") else {
            root.missing("items", "An enumeration")
            return nil
        }
        if entries.count > Self.maxItems {
            diagnostics.error(at: root.at("items"), "has \(entries.count) items; a list may have at most \(Self.maxItems), so split it (a child list per parent item keeps each short)")
            return nil
        }
        var items: [EnumerationItem] = []
        var seen: [String: JSONPointer] = [:]
        for entry in entries {
            guard let reader = ObjectReader(entry.value, at: entry.pointer, diagnostics, what: "An item") else { continue }
            let code: String?
            switch reader.value("code") {
            case .string(let text)?: code = text
            case .number(let number)?: code = JSONValue.number(number).displayString
            case nil: reader.missing("code", "An item"); code = nil
            case let other?: diagnostics.error(at: reader.at("code"), "must be a string or number, found \(other.kindName)"); code = nil
            }
            guard let code else { continue }
            if code.isEmpty { diagnostics.error(at: reader.at("code"), "must not be empty: an empty value means \"nothing chosen\""); continue }
            if let first = seen[code] {
                diagnostics.error(at: reader.at("code"), "duplicate code \"\(code)\" (first at \(first)); every code of a list must be unique")
                continue
            }
            seen[code] = reader.at("code")
            let parentCode = reader.string("parentCode")
            if parent != nil, parentCode == nil {
                reader.missing("parentCode", "An item of a child list")
            }
            let childName = reader.object("childContentDescription", what: "childContentDescription")?.string("name")
            items.append(EnumerationItem(code: code, content: content(reader, code: code), order: reader.number("order"),
                                         parentCode: parentCode, type: reader.string("type"), childContentName: childName,
                                         pointer: entry.pointer))
        }
        return Enumeration(name: name, parent: parent, items: items, file: file)
    }

    /// `content` is one string for every language or an object of language → label.
    private func content(_ reader: ObjectReader, code: String) -> [String: String] {
        switch reader.value("content") {
        case .string(let text)?: return ["": text]
        case .object(let labels)?:
            var out: [String: String] = [:]
            for (language, label) in labels {
                if case .string(let text) = label { out[language] = text } else {
                    reader.diagnostics.error(at: reader.at("content").appending(language), "a label must be a string")
                }
            }
            return out
        case nil:
            reader.missing("content", "An item")
            return [:]
        case let other?:
            reader.diagnostics.error(at: reader.at("content"), "must be a string or an object of language → label, found \(other.kindName)")
            return [:]
        }
    }

    private func checkParent(_ list: Enumeration, _ lists: [String: Enumeration], _ errors: inout [LoadError]) {
        guard let parentName = list.parent else { return }
        guard let parent = lists[parentName] else {
            errors.append(LoadError(file: list.file, pointer: "/parent",
                                    message: "no enumeration is named \"\(parentName)\"; add enumerations/\(parentName).json or name one of \(quoted(lists.keys))"))
            return
        }
        if parent.name == list.name {
            errors.append(LoadError(file: list.file, pointer: "/parent", message: "a list cannot be its own parent"))
            return
        }
        let codes = Set(parent.items.map(\.code))
        for item in list.items {
            if let code = item.parentCode, !codes.contains(code) {
                errors.append(LoadError(file: list.file, pointer: item.pointer.appending("parentCode").description,
                                        message: "\(parent.file) has no code \"\(code)\"; use one of its codes"))
            }
        }
    }
}

/// Names in quotes, each once, in the order first met: how a message lists what may be used
/// instead (a file with a repeated id still suggests it once).
func quotedOnce(_ names: some Sequence<String>) -> String {
    var seen = Set<String>()
    return names.filter { seen.insert($0).inserted }.map { "\"\($0)\"" }.joined(separator: ", ")
}

func quoted(_ names: some Sequence<String>) -> String {
    let sorted = names.sorted()
    return sorted.isEmpty ? "(none)" : sorted.map { "\"\($0)\"" }.joined(separator: ", ")
}
