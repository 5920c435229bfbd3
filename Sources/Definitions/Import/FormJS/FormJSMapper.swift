import Markdown
import Expressions

/// A Camunda form-js schema (`.form`) made into FlowStage components, each form-js component
/// to the catalogue component that renders it accessibly (docs/reference/bpmn.md has the table).
///
/// FEEL in properties (`=…`) and form-js templating (`{{…}}`) are kept as FEEL, which the FEEL
/// engine evaluates on the page's data; FEEL that does not parse is shown safely (a condition
/// that cannot be evaluated shows its field, a label shows its source) with a warning.
struct FormJSMapper {
    let file: String
    private(set) var form = MappedForm()
    private var uploads = 0
    private var lists = 0
    /// The dynamic lists the component being mapped is inside, outermost first, as their
    /// actions name them (`ListKey`: `groups`, then `groups[].people`).
    private var enclosingLists: [String] = []

    init(file: String) { self.file = file }

    mutating func map(_ schema: JSONValue, at pointer: JSONPointer = JSONPointer()) -> MappedForm {
        guard case .array(let items)? = schema["components"] else {
            warn(pointer, "a form-js schema needs \"components\", a list; the task shows its name and a Complete button")
            return form
        }
        form.components = mapList(items, at: pointer.appending("components"), path: nil)
        return form
    }

    /// Components in form order, those sharing a `layout.row` side by side in one row container.
    private mutating func mapList(_ items: [JSONValue], at pointer: JSONPointer, path: String?) -> [JSONValue] {
        var out: [JSONValue] = []
        var row: (id: String, members: [JSONValue])?
        func flush() {
            guard let current = row else { return }
            out += current.members.count > 1 ? [.object(["type": "container", "direction": "row", "children": .array(current.members)])] : current.members
            row = nil
        }
        for (index, item) in items.enumerated() {
            let mapped = mapComponent(item, at: pointer.appending(index), path: path)
            guard !mapped.isEmpty else { continue }
            let rowID = item["layout"]?["row"]?.stringValue
            if let rowID, rowID == row?.id {
                row?.members += mapped
            } else {
                flush()
                if let rowID { row = (rowID, mapped) } else { out += mapped }
            }
        }
        flush()
        return out
    }

    // MARK: - Components

    private mutating func mapComponent(_ item: JSONValue, at pointer: JSONPointer, path: String?) -> [JSONValue] {
        guard case .object(let fields) = item, let type = fields["type"]?.stringValue else {
            warn(pointer, "a form component needs a \"type\"; it is left out")
            return []
        }
        var out: [String: JSONValue] = [:]
        let fullKey = fields["key"]?.stringValue.map { joined(path, $0) }
        func field(_ flowType: String) {
            out["type"] = .string(flowType)
            if let fullKey { out["key"] = .string(fullKey) }
            out["label"] = text(fields["label"], at: pointer.appending("label")) ?? .string(fullKey ?? type)
            if let description = fields["description"]?.stringValue, !description.isEmpty {
                out["hint"] = text(.string(description), at: pointer.appending("description"))
            }
            if let defaultValue = fields["defaultValue"], defaultValue != .null {
                if case .string(let source) = defaultValue, source.hasPrefix("=") {
                    if let feel = feel(String(source.dropFirst()), at: pointer.appending("defaultValue"), "the field starts empty") {
                        out["default"] = feel
                    }
                } else if let literal = FormJSMapper.literal(defaultValue) {
                    out["default"] = .string(literal)
                } else {
                    warn(pointer.appending("defaultValue"), "the default value is neither a constant nor FEEL; the field starts empty")
                }
            }
            conditions(fields, at: pointer, into: &out)
            out["validators"] = .array(validators(fields["validate"], type: type, at: pointer.appending("validate")))
        }
        switch type {
        case "textfield":
            field("input")
            adorners(fields, into: &out)
            switch fields["validate"]?["validationType"]?.stringValue {
            case "email"?: out["inputType"] = "email"
            case "phone"?: out["inputType"] = "tel"
            default: break
            }
        case "textarea":
            field("textarea")
        case "number":
            field("input")
            out["inputType"] = "number"
            adorners(fields, into: &out)
            let checks = FormJSChecks.number(fields)
            out["validators"] = .array((out["validators"]?.arrayValue ?? []) + checks.validators)
            for name in checks.unusable {
                warn(pointer.appending(name), name == "decimalDigits" ? "decimalDigits must be a whole number from 0 to 40; it is not checked"
                                                                      : "increment must be a number greater than 0; it is not checked")
            }
        case "checkbox":
            field("checkbox")
        case "checklist", "radio", "select", "taglist":
            field(["checklist": "checkbox", "radio": "radio", "select": "select", "taglist": "multiselect"][type]!)
            options(fields, at: pointer, into: &out)
            if out["options"] == .array([]) {
                // A checkbox without options is a yes/no box; a checklist stays a list of boxes.
                if type == "checklist" { out["type"] = "multiselect" }
                if fields["valuesExpression"] == nil {
                    warn(pointer.appending("values"), "the \(type) has no values, valuesKey or valuesExpression; it offers no options")
                }
            }
        case "datetime":
            switch fields["subtype"]?.stringValue ?? "date" {
            case "time":
                field("input")
                out["inputType"] = "time"
                out["label"] = text(fields["timeLabel"] ?? fields["label"], at: pointer.appending("timeLabel")) ?? .string(fullKey ?? "Time")
            case "datetime":
                // One field asks both, so one label: `label`, else the date part's.
                field("input")
                out["inputType"] = "datetime-local"
                if fields["label"] == nil, let dateLabel = text(fields["dateLabel"], at: pointer.appending("dateLabel")) {
                    out["label"] = dateLabel
                }
            default:
                field("datepicker")
                out["label"] = text(fields["dateLabel"] ?? fields["label"], at: pointer.appending("dateLabel")) ?? .string(fullKey ?? "Date")
            }
        case "text":
            let source = fields["text"]?.stringValue ?? ""
            let markdown = source.hasPrefix("=") ? source : FormJSMapper.demotingHeadings(source)
            return hiding(fields, at: pointer, ["type": "text", "markdown": text(.string(markdown), at: pointer.appending("text")) ?? ""])
        case "html":
            let source = fields["content"]?.stringValue ?? ""
            let markdown = HTMLToMarkdown.convert(source)
            return hiding(fields, at: pointer, ["type": "text", "markdown": text(.string(markdown), at: pointer.appending("content")) ?? ""])
        case "separator":
            return hiding(fields, at: pointer, ["type": "text", "markdown": "* * *"])
        case "spacer":
            return []
        case "image":
            return image(fields, at: pointer)
        case "iframe":
            guard let url = fields["url"]?.stringValue, url.hasPrefix("https://") else {
                warn(pointer.appending("url"), "an iframe is shown as a link, and this one has no https address; it is left out")
                return []
            }
            guard !url.contains("{{") else {
                warn(pointer.appending("url"), "an iframe whose address is templated cannot be linked ahead of the data; it is left out")
                return []
            }
            // A label that reads the data may be empty, and a link needs words.
            let constant = fields["label"]?.stringValue.flatMap { $0.isEmpty || $0.hasPrefix("=") || $0.contains("{{") ? nil : $0 }
            return hiding(fields, at: pointer, ["type": "link", "label": .string(constant ?? "Open the embedded page"),
                                                "url": .string(url), "newTab": true])
        case "button":
            if fields["action"]?.stringValue == "reset" {
                note("reset button \(fields["label"]?.stringValue ?? ""): left out (reloading the page restores the screen)")
            } else if form.submitLabel == nil {
                form.submitLabel = text(fields["label"], at: pointer.appending("label"))
            }
            return []
        case "group", "dynamiclist":
            let groupPath = fields["path"]?.stringValue.flatMap { $0.isEmpty ? nil : $0 }.map { joined(path, $0) } ?? path
            if type == "dynamiclist" { return dynamicList(fields, at: pointer, path: groupPath) }
            let children = mapList(fields["components"]?.arrayValue ?? [], at: pointer.appending("components"), path: groupPath)
            var card: [String: JSONValue] = ["type": "card", "fieldset": true, "children": .array(children)]
            if let title = text(fields["label"], at: pointer.appending("label")), title != "" { card["title"] = title }
            conditions(fields, at: pointer, into: &card)
            return [.object(card)]
        case "table":
            return table(fields, at: pointer)
        case "expression":
            guard let fullKey, let source = fields["expression"]?.stringValue else {
                warn(pointer, "an expression field needs \"key\" and \"expression\"; it is left out")
                return []
            }
            if let feel = feel(source.hasPrefix("=") ? String(source.dropFirst()) : source, at: pointer.appending("expression"),
                               "\(fullKey) is not set") {
                form.computed[fullKey] = feel
            }
            return []
        case "filepicker":
            field("fileUpload")
            uploads += 1
            let action = "upload" + (uploads > 1 ? "\(uploads)" : "")
            out["action"] = .string(action)
            if fields["multiple"]?.boolValue == true { out["multiple"] = true }
            if let accept = fields["accept"]?.stringValue, !accept.hasPrefix("=") { out["accept"] = .string(accept) }
            if let fullKey { form.actions.append(["name": .string(action), "type": "upload", "key": .string(fullKey)]) }
        case "documentPreview":
            note("document preview \(fields["label"]?.stringValue ?? ""): shown as a note (documents come from the engine)")
            let note = "the documents of the process appear here in Tasklist."
            let markdown: JSONValue
            switch text(fields["label"], at: pointer.appending("label")) ?? "Documents" {
            case .string(let words): markdown = .string("**\(Markdown.escaped(words))**: " + note)
            case .object(let written):
                // A FEEL or templated label: the same words, as a template that reads the data
                // (FEEL holding `}}` cannot stand inside `{{…}}`: the label is then "Documents").
                let feel = written["feel"]?.stringValue
                let template = feel.map { $0.contains("}}") ? "Documents" : "{{\($0)}}" } ?? written["template"]?.stringValue ?? ""
                markdown = ["template": .string("**" + template + "**: " + note)]
            default: markdown = .string("**Documents**: " + note)
            }
            return [.object(["type": "message", "kind": "info", "markdown": markdown])]
        default:
            warn(pointer.appending("type"), "form-js component \"\(type)\" is not supported; the screen shows a \"not supported\" placeholder")
            return [.object(["type": "custom", "identifier": .string(type)])]
        }
        if out["key"] == nil {
            warn(pointer, "a \(type) needs a \"key\" to bind its value; it is left out")
            return []
        }
        return [.object(out)]
    }

    private func joined(_ path: String?, _ key: String) -> String {
        guard let path, !path.isEmpty else { return key }
        return path + "." + key
    }

    // MARK: - Properties

    /// A component that shows something but holds no value (a text, an image, a link) is hidden
    /// by `conditional.hide` like a field: "Approved by your manager" must not show on the path
    /// no manager took.
    private mutating func hiding(_ fields: [String: JSONValue], at pointer: JSONPointer, _ component: [String: JSONValue]) -> [JSONValue] {
        var out = component
        hideCondition(fields, at: pointer, into: &out)
        return [.object(out)]
    }

    /// `readonly` and `disabled` (true, or FEEL) become `disabled`; `conditional.hide` becomes
    /// `hide`. Their FEEL is read as form-js reads it (a unary test against null: `Evaluation.hides`).
    private mutating func conditions(_ fields: [String: JSONValue], at pointer: JSONPointer, into out: inout [String: JSONValue]) {
        var conditions: [String] = []
        for name in ["disabled", "readonly"] {
            guard let value = fields[name] else { continue }
            switch value {
            case .bool(true): out["disabled"] = "true"
            case .string(let text) where text.hasPrefix("="):
                if feel(String(text.dropFirst()), at: pointer.appending(name), "the field stays editable") != nil {
                    conditions.append(String(text.dropFirst()))
                }
            default: break
            }
        }
        if out["disabled"] == nil, !conditions.isEmpty {
            out["disabled"] = ["feel": .string(conditions.count == 1 ? conditions[0] : conditions.map { "(\($0))" }.joined(separator: " or "))]
        }
        hideCondition(fields, at: pointer, into: &out)
    }

    private mutating func hideCondition(_ fields: [String: JSONValue], at pointer: JSONPointer, into out: inout [String: JSONValue]) {
        if let hide = fields["conditional"]?["hide"] {
            switch hide {
            case .bool(true): out["hide"] = "true"
            case .string(let text) where text.hasPrefix("="):
                if let feel = feel(String(text.dropFirst()), at: pointer.appending("conditional").appending("hide"), "it is always shown") {
                    out["hide"] = feel
                }
            default: break
            }
        }
    }

    private mutating func validators(_ validate: JSONValue?, type: String, at pointer: JSONPointer) -> [JSONValue] {
        guard case .object(let rules)? = validate else { return [] }
        var out: [JSONValue] = []
        if rules["required"]?.boolValue == true {
            out.append(["type": .string(type == "checkbox" ? "requiredTrue" : "required")])
        }
        for (name, flow) in [("min", "min"), ("max", "max"), ("minLength", "minLength"), ("maxLength", "maxLength")] {
            guard let value = rules[name], value != .null else { continue }
            if case .number = value { out.append(["type": .string(flow), "value": value]) }
            else if case .string(let text) = value, text.hasPrefix("=") {
                if let feel = feel(String(text.dropFirst()), at: pointer.appending(name), "it is not checked") {
                    out.append(["type": .string(flow), "value": feel])
                }
            } else {
                warn(pointer.appending(name), "\(name) must be a number or FEEL (=…); it is not checked")
            }
        }
        if let pattern = rules["pattern"]?.stringValue, !pattern.isEmpty {
            if (try? Pattern(pattern)) != nil {
                out.append(["type": "pattern", "value": .string(pattern)])
            } else {
                warn(pointer.appending("pattern"), "\"\(pattern)\" is not a regular expression FlowStage can check; it is not checked")
            }
        }
        switch rules["validationType"]?.stringValue {
        case "email"?: out.append(["type": "email"])
        case "phone"?:
            out.append(["type": "phone"])
        default: break
        }
        return out
    }

    private mutating func options(_ fields: [String: JSONValue], at pointer: JSONPointer, into out: inout [String: JSONValue]) {
        if case .array(let values)? = fields["values"] {
            out["options"] = .array(values.compactMap { value in
                guard let raw = value["value"], raw != .null else { return nil }
                let text = raw.stringValue ?? raw.displayString
                return ["value": .string(text), "label": .string(value["label"]?.stringValue ?? text)]
            })
        } else if let key = fields["valuesKey"]?.stringValue, !key.isEmpty {
            out["source"] = .string(key)
        } else if let expression = fields["valuesExpression"]?.stringValue {
            let body = expression.hasPrefix("=") ? String(expression.dropFirst()) : expression
            if let feel = feel(body, at: pointer.appending("valuesExpression"), "the field offers no options") {
                out["source"] = feel
            } else {
                out["options"] = .array([])
            }
        } else {
            out["options"] = .array([])
        }
    }

    private func adorners(_ fields: [String: JSONValue], into out: inout [String: JSONValue]) {
        if let prefix = fields["appearance"]?["prefixAdorner"]?.stringValue, !prefix.isEmpty { out["prefix"] = .string(prefix) }
        if let suffix = fields["appearance"]?["suffixAdorner"]?.stringValue, !suffix.isEmpty { out["suffix"] = .string(suffix) }
    }

    private mutating func image(_ fields: [String: JSONValue], at pointer: JSONPointer) -> [JSONValue] {
        let alt = fields["alt"]?.stringValue ?? ""
        if alt.isEmpty {
            warn(pointer.appending("alt"), "the image has no alt text, so it is shown as decorative; describe it in alt if it says something")
        }
        var out: [String: JSONValue] = ["type": "image", "alt": alt.isEmpty ? "" : text(.string(alt), at: pointer.appending("alt")) ?? ""]
        let source = fields["source"]?.stringValue ?? ""
        if source.hasPrefix("=") {
            guard let feel = feel(String(source.dropFirst()), at: pointer.appending("source"), "the image is left out") else { return [] }
            out["source"] = feel
        } else if source.hasPrefix("https://") || source.hasPrefix("http://") {
            out["url"] = .string(source)
        } else {
            warn(pointer.appending("source"), "an image needs an http(s) address or a FEEL data path; this one is left out")
            return []
        }
        return hiding(fields, at: pointer, out)
    }

    /// A dynamic list: a collection of its rows, with Add and Remove buttons that post the form
    /// (no script needed) unless `allowAddRemove` is false. Inside another list's row its path
    /// is the row's (`$item.people`), and its actions name it in the row the button is in
    /// (`groups[].people`, `ListKey`).
    private mutating func dynamicList(_ fields: [String: JSONValue], at pointer: JSONPointer, path: String?) -> [JSONValue] {
        guard let path else {
            warn(pointer, "a dynamic list needs a \"path\"; it is left out")
            return []
        }
        let outerList = enclosingLists.last
        let listKey = outerList.map { "\($0)[].\(path)" } ?? path
        // Numbered in the order they are written (a list before those in its rows), for their actions' names.
        lists += 1
        let suffix = lists > 1 ? "\(lists)" : ""
        enclosingLists.append(listKey)
        var item = mapList(fields["components"]?.arrayValue ?? [], at: pointer.appending("components"), path: nil)
        enclosingLists.removeLast()
        let editable = fields["allowAddRemove"]?.boolValue ?? true
        let title = text(fields["label"], at: pointer.appending("label")).flatMap { $0 == "" ? nil : $0 }
        // In a row of another list, the buttons name their list: each outer row has its own
        // Add, and its Remove buttons sit beside the outer row's own (words only: a label that
        // reads the data is not repeated on them).
        let named = outerList == nil ? nil : title?.stringValue
        if editable {
            item.append(["type": "button", "label": .string(named.map { "Remove \($0) row" } ?? "Remove row"),
                         "action": .string("remove-row" + suffix), "variant": "secondary"])
            form.actions += [["name": .string("add-row" + suffix), "type": "addItem", "key": .string(listKey)],
                             ["name": .string("remove-row" + suffix), "type": "removeItem", "key": .string(listKey)]]
        }
        var list: [String: JSONValue] = ["type": "collection", "source": .string(outerList == nil ? path : "$item." + path),
                                         "item": .array(item), "emptyText": "No rows yet."]
        if let title { list["label"] = title }
        conditions(fields, at: pointer, into: &list)
        guard editable else { return [.object(list)] }
        var add: [String: JSONValue] = ["type": "button", "label": .string(named.map { "Add a row to \($0)" } ?? "Add a row"),
                                        "action": .string("add-row" + suffix), "variant": "secondary"]
        conditions(fields, at: pointer, into: &add)
        return [.object(list), .object(add)]
    }

    /// A table: its rows from `dataSource` (FEEL), its columns written out or computed by
    /// `columnsExpression` (a list of `{key, label}`), as form-js prefers them.
    private mutating func table(_ fields: [String: JSONValue], at pointer: JSONPointer) -> [JSONValue] {
        let source = fields["dataSource"]?.stringValue ?? ""
        let body = source.hasPrefix("=") ? String(source.dropFirst()) : source
        guard !body.trimmingWhitespace().isEmpty,
              let rows = feel(body, at: pointer.appending("dataSource"), "the table is left out") else {
            if body.trimmingWhitespace().isEmpty { warn(pointer.appending("dataSource"), "a table needs a dataSource; it is left out") }
            return []
        }
        var columns: JSONValue
        let hasWrittenColumns = fields["columns"]?.arrayValue?.isEmpty == false
        if let expression = fields["columnsExpression"]?.stringValue,
           let computed = feel(expression.hasPrefix("=") ? String(expression.dropFirst()) : expression,
                               at: pointer.appending("columnsExpression"),
                               hasWrittenColumns ? "the written columns are shown" : "the table is left out") {
            columns = computed
        } else if case .array(let written)? = fields["columns"], !written.isEmpty {
            columns = .array(written.compactMap { column in
                guard let key = column["key"]?.stringValue else { return nil }
                return ["key": .string(key), "label": .string(column["label"]?.stringValue ?? key)]
            })
        } else {
            if fields["columnsExpression"]?.stringValue == nil {
                warn(pointer.appending("columns"), "a table needs columns or a columnsExpression; the table is left out")
            }
            return []
        }
        let caption = text(fields["label"], at: pointer.appending("label")) ?? "Table"
        return hiding(fields, at: pointer, ["type": "table", "source": rows, "caption": caption, "columns": columns])
    }

    // MARK: - Texts

    /// A text property as FlowStage holds it: plain words a string (an `@@tag` kept); `=FEEL`
    /// as `{"feel": …}`, its value shown; words with form-js templating (`{{…}}`, `#if`,
    /// `#loop`) as `{"template": …}`. FEEL that does not parse shows as written, with a warning.
    private mutating func text(_ value: JSONValue?, at pointer: JSONPointer) -> JSONValue? {
        guard let words = value?.stringValue else { return nil }
        if words.hasPrefix("=") {
            return feel(String(words.dropFirst()), at: pointer, "it shows the expression as written") ?? .string(words)
        }
        // `${` means nothing to form-js: such words are a template too, so it stays words.
        guard words.contains("{{") || words.contains("${") else { return .string(words) }
        for problem in Text.template(words).problems { warn(pointer, problem.message) }
        return ["template": .string(words)]
    }

    /// FEEL as a definition holds it (`{"feel": …}`); nil, with a warning saying what happens
    /// instead (`consequence`), when it does not parse.
    private mutating func feel(_ source: String, at pointer: JSONPointer, _ consequence: String) -> JSONValue? {
        switch ModelExpressions.feel(source) {
        case .success(let expression): return expression.definitionJSON
        case .failure(let problem):
            warn(pointer, "the FEEL does not parse (\(problem)); \(consequence)")
            return nil
        }
    }

    /// A form's headings sit below the screen's own title (its one h1): the text's highest
    /// heading becomes an h2 and the others keep their distance to it, so no level is skipped.
    static func demotingHeadings(_ markdown: String) -> String {
        let lines = markdown.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        func level(_ line: String) -> Int? {
            let trimmed = line.drop { $0 == " " }
            guard line.count - trimmed.count < 4, trimmed.hasPrefix("#") else { return nil }
            let hashes = trimmed.prefix { $0 == "#" }.count
            let rest = trimmed.dropFirst(hashes)
            return hashes <= 6 && (rest.isEmpty || rest.first == " ") ? hashes : nil
        }
        guard let highest = lines.compactMap(level).min() else { return markdown }
        let shift = 2 - highest
        return lines.map { line in
            guard let current = level(line) else { return line }
            let trimmed = line.drop { $0 == " " }.dropFirst(current)
            return String(repeating: "#", count: min(6, max(2, current + shift))) + trimmed
        }.joined(separator: "\n")
    }

    /// A constant as a FlowStage expression (`"text"`, `12`, `true`, `["a", "b"]`).
    static func literal(_ value: JSONValue) -> String? {
        switch value {
        case .string(let text):
            if text.hasPrefix("=") { return nil }
            return JSONValue.string(text).serialized(pretty: false)
        case .number, .bool: return value.displayString
        case .array(let items):
            let parts = items.compactMap(literal)
            return parts.count == items.count ? "[" + parts.joined(separator: ", ") + "]" : nil
        default: return nil
        }
    }

    private mutating func warn(_ pointer: JSONPointer, _ message: String) {
        form.warnings.append(LoadError(file: file, pointer: pointer.description, message: message))
    }

    private mutating func note(_ line: String) { form.notes.append(line) }
}
