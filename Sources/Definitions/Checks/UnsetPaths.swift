import Expressions

/// Issue 19: a data path read by `hide`, `disabled`, a branch's `when`, a flow condition, a
/// `${}` in a text or an action's `params` that nothing in the project ever sets is almost
/// always a typo (`card.fromat`), so it is a warning with "did you mean" for a near name.
///
/// What sets a path, project-wide (a path set in one process may reach another through a call,
/// a flow or a start): field keys (a collection's item fields under its `source`, `selectKey`,
/// the `source` lists themselves,
/// uploads with their metadata below), process `data` and `params`, script `set`, call-activity
/// and flow-launch `input`/`output`, a service task's `errorKey`, action `params` and `key`,
/// and flow `data`. Reading a path is fine when it, a path above it or below it is set (an
/// object, a list from `source`, an upload's `name` under its key). Indices are ignored.
///
/// Not judged: processes with a service task or a `handler` action (what a handler writes
/// cannot be known), imported BPMN models (their variables come from outside), and `$item`,
/// `$index`, `$language`, a validator's `value` and function names, which are not data.
enum UnsetPaths {
    static func check(processes: [ProcessDefinition], flows: [FlowDefinition]) -> [LoadError] {
        var set = SetPaths()
        for process in processes { set.add(process) }
        for flow in flows { set.add(flow) }

        var warnings: [LoadError] = []
        var reported = Set<String>()
        func judge(_ reads: [(path: String, pointer: JSONPointer)], file: String) {
            for read in reads {
                let path = SetPaths.normalized(read.path)
                guard !path.isEmpty, !set.covers(path), reported.insert("\(file)\(read.pointer)\(path)").inserted else { continue }
                let suggestion = set.nearest(to: path).map { " Did you mean \"\($0)\"?" } ?? ""
                warnings.append(LoadError(file: file, pointer: read.pointer.description,
                    message: "\"\(read.path)\" is read here, but no field, start parameter, data, script, call or default "
                        + "sets it, so it is always empty.\(suggestion) Fix the path, or add the field or data that sets it"))
            }
        }
        for process in processes where process.file.hasSuffix(".json") && !hasHandlers(process) {
            judge(reads(process), file: process.file)
        }
        for flow in flows { judge(reads(flow), file: flow.file) }
        return warnings
    }

    private static func hasHandlers(_ process: ProcessDefinition) -> Bool {
        process.nodes.contains { node in
            if case .serviceTask = node.kind { return true }
            return node.userTask?.actions.contains { $0.handler != nil } ?? false
        }
    }

    // MARK: - Reads

    typealias Reads = [(path: String, pointer: JSONPointer)]

    private static func reads(_ expression: Expression?, _ pointer: JSONPointer) -> Reads {
        (expression?.surelyReadPaths ?? []).map { ($0, pointer) }
    }

    private static func reads(_ text: Text?, _ pointer: JSONPointer) -> Reads {
        (text?.parts ?? []).compactMap { part in
            guard case .path(let path) = part, !path.description.hasPrefix("$") else { return nil }
            return (path.description, pointer)
        }
    }

    private static func reads(_ screen: [Component]) -> Reads {
        screen.flatMap(\.flattened).flatMap { component -> Reads in
            let at = component.pointer
            var found = reads(component.hide, at.appending("hide")) + reads(component.disabled, at.appending("disabled"))
            for (name, text) in [("label", component.label), ("hint", component.hint), ("placeholder", component.placeholder),
                                 ("title", component.title), ("markdown", component.markdown)] {
                found += reads(text, at.appending(name))
            }
            for (offset, option) in component.options.enumerated() {
                found += reads(option.label, at.appending("options").appending(offset).appending("label"))
            }
            return found
        }
    }

    private static func reads(_ actions: [ActionDefinition]) -> Reads {
        actions.flatMap { action in
            action.params.flatMap { reads($0.expression, action.pointer.appending("params").appending($0.path.description)) }
        }
    }

    private static func reads(_ process: ProcessDefinition) -> Reads {
        var found = reads(process.title, JSONPointer("/title"))
        for node in process.nodes {
            switch node.kind {
            case .userTask(let task):
                found += reads(task.title, node.pointer.appending("title")) + reads(task.screen) + reads(task.actions)
            case .exclusiveGateway(let branches), .inclusiveGateway(let branches, _):
                for (offset, branch) in branches.enumerated() {
                    found += reads(branch.when, node.pointer.appending("branches").appending(offset).appending("when"))
                }
            case .end(_, let message, _):
                found += reads(message, node.pointer.appending("message"))
            default:
                break
            }
        }
        return found
    }

    private static func reads(_ flow: FlowDefinition) -> Reads {
        var found = reads(flow.title, JSONPointer("/title"))
        for (id, expression) in flow.conditions.sorted(by: { $0.key < $1.key }) {
            found += reads(expression, JSONPointer("/conditions").appending(id))
        }
        for state in flow.states {
            found += reads(state.title, state.pointer.appending("title")) + reads(state.screen)
        }
        return found
    }
}

/// Every data path the project sets, with indices left out (`accounts.nickname`).
struct SetPaths {
    private(set) var paths = Set<String>()

    /// `a[0].b` → `a.b`: which element of a list is read does not matter here.
    static func normalized(_ path: String) -> String {
        var out = ""
        var depth = 0
        for character in path {
            if character == "[" { depth += 1 } else if character == "]" { depth -= 1 } else if depth == 0 { out.append(character) }
        }
        return out
    }

    mutating func insert(_ path: String) {
        let path = Self.normalized(path)
        if !path.isEmpty { paths.insert(path) }
    }

    /// Every path inside a JSON value (members of objects, also inside lists).
    mutating func insert(_ value: JSONValue, under base: String) {
        switch value {
        case .object(let members):
            for (key, member) in members {
                let path = base.isEmpty ? key : base + "." + key
                insert(path)
                insert(member, under: path)
            }
        case .array(let items):
            for item in items { insert(item, under: base) }
        default:
            break
        }
    }

    mutating func add(_ screen: [Component], under base: String = "") {
        for component in screen {
            let prefix = base.isEmpty ? "" : base + "."
            if let key = component.key { insert(prefix + key.description) }
            if let select = component.properties["selectKey"]?.stringValue { insert(prefix + select) }
            // A `source` list (a collection's items, a choice field's options) is data the
            // person cannot type: it comes from start data or a handler, so it counts as set.
            if let source = component.properties["source"]?.stringValue { insert(prefix + source) }
            if component.type == .collection {
                let source = component.properties["source"]?.stringValue ?? ""
                add(component.children, under: prefix + source)
            } else {
                add(component.children, under: base)
            }
        }
    }

    mutating func add(_ process: ProcessDefinition) {
        insert(process.data, under: "")
        for parameter in process.params { insert(parameter.key.description) }
        for node in process.nodes {
            switch node.kind {
            case .userTask(let task):
                add(task.screen)
                for action in task.actions {
                    for param in action.params { insert(param.path.description) }
                    if let key = action.key?.description ?? action.list?.description { insert(key) }
                }
            case .scriptTask(let assignments):
                for assignment in assignments { insert(assignment.path.description) }
            case .callActivity(let call):
                for assignment in call.input + call.output { insert(assignment.path.description) }
            case .serviceTask(let service):
                if let key = service.errorKey { insert(key.description) }
            default:
                break
            }
        }
    }

    mutating func add(_ flow: FlowDefinition) {
        insert(flow.data, under: "")
        for state in flow.states {
            add(state.screen)
            for assignment in (state.process?.input ?? []) + (state.process?.output ?? []) { insert(assignment.path.description) }
        }
    }

    /// Whether reading `path` can find something: it, a path above it or one below it is set.
    func covers(_ path: String) -> Bool {
        if paths.contains(path) { return true }
        var prefix = Substring(path)
        while let dot = prefix.lastIndex(of: ".") {
            prefix = prefix[..<dot]
            if paths.contains(String(prefix)) { return true }
        }
        let below = path + "."
        return paths.contains { $0.hasPrefix(below) }
    }

    /// The set path nearest to `path` by edit distance, when near enough to be a slip.
    func nearest(to path: String) -> String? {
        let limit = max(1, min(3, path.count / 4))
        var best: (path: String, distance: Int)?
        for candidate in paths.sorted() {
            guard abs(candidate.count - path.count) <= limit else { continue }
            let distance = Self.editDistance(candidate, path)
            if distance <= limit, distance < (best?.distance ?? .max) { best = (candidate, distance) }
        }
        return best?.path
    }

    /// Levenshtein distance, with a swap of two neighbours counting once (`fromat` → `format`).
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var rows = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { rows[i][0] = i }
        for j in 0...b.count { rows[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                rows[i][j] = min(rows[i - 1][j] + 1, rows[i][j - 1] + 1, rows[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    rows[i][j] = min(rows[i][j], rows[i - 2][j - 2] + 1)
                }
            }
        }
        return rows[a.count][b.count]
    }
}
