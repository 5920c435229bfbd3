import Expressions

/// Which elements write and read which process variables, from the process as built: one
/// answer for the stand-in pages' pre-filled variables, the "Which way?" pages' "set by …", and
/// `validate`'s list of variables read but never written.
extension ProcessBuilder {
    /// Top-level variable → the elements that write it: form fields, script results, output
    /// mappings, call outputs, decision and connector result variables, example data, and with
    /// `locals` input mappings (seen only by the element itself). Stand-in pages are left out:
    /// what the person types there is what the list is for.
    func variableWriters(locals: Bool = false) -> [String: [String]] {
        var writers: [String: [String]] = [:]
        for (index, node) in nodes.enumerated() where !standInPages.contains(where: { $0.node == index }) {
            let label = origins[index]?.label ?? node["id"]?.stringValue ?? ""
            func add(_ path: String?) {
                guard let top = path?.split(separator: ".").first.map(String.init), !top.isEmpty else { return }
                if !(writers[top] ?? []).contains(label) { writers[top, default: []].append(label) }
            }
            func fields(_ value: JSONValue) {
                switch value {
                case .object(let members):
                    add(members["key"]?.stringValue)
                    members.values.forEach(fields)
                case .array(let items): items.forEach(fields)
                default: break
                }
            }
            for key in ["set", "results", "output", "example"] + (locals ? ["locals"] : []) {
                switch node[key] {
                case .object(let members)?: members.keys.sorted().forEach(add)
                case .array(let mappings)?: mappings.forEach { add($0["target"]?.stringValue) }
                default: break
                }
            }
            add(node["resultVariable"]?.stringValue)
            add(node["decision"]?["resultVariable"]?.stringValue)
            if node["type"] == "userTask", let screen = node["screen"] { fields(screen) }
        }
        return writers
    }

    /// Top-level variable → the elements whose conditions, mappings, scripts or call inputs
    /// surely read it; an element's reads of its own input mappings' locals are not counted.
    func variableReaders() -> [String: [String]] {
        var readers: [String: [String]] = [:]
        for (index, node) in nodes.enumerated() {
            let label = origins[index]?.label ?? node["id"]?.stringValue ?? ""
            let locals = Set(node["locals"]?.arrayValue?.compactMap { $0["target"]?.stringValue?.split(separator: ".").first.map(String.init) } ?? [])
            var sources: [JSONValue] = node["branches"]?.arrayValue?.compactMap { $0["when"] } ?? []
            for key in ["locals", "results"] { sources += node[key]?.arrayValue?.compactMap { $0["source"] } ?? [] }
            for key in ["set", "input"] { sources += node[key]?.objectValue.map { Array($0.values) } ?? [] }
            for source in sources {
                let expression: Expression? = switch source {
                case .string(let text): try? Expression(text)
                default: source["feel"]?.stringValue.flatMap { try? Expression(feel: $0) }
                }
                for path in expression?.surelyReadPaths ?? [] where !path.hasPrefix("$") && !path.hasPrefix("_") {
                    guard let top = path.split(separator: ".").first.map(String.init), !top.isEmpty, !locals.contains(top) else { continue }
                    if !(readers[top] ?? []).contains(label) { readers[top, default: []].append(label) }
                }
            }
        }
        return readers
    }

    /// `validate`'s line naming the variables something reads and nothing in the model writes:
    /// in a preview they stay unset unless a start form, a stand-in's page or a mock gives them.
    mutating func noteUnwrittenVariables(writers written: [String: [String]]) {
        let unwritten = variableReaders().filter { written[$0.key] == nil }.sorted { $0.key < $1.key }
        guard !unwritten.isEmpty else { return }
        summary.append("variables read but never written: " + unwritten.map { name, readers in
            "\(name) (read by \(readers.joined(separator: ", ")))"
        }.joined(separator: "; "))
    }
}
