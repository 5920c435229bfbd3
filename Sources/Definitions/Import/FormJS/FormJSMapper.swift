import Markdown
import Expressions

/// A Camunda form-js schema (`.form`) made into FlowStage components, each form-js component
/// to the catalogue component that renders it accessibly (docs/reference/bpmn.md has the table).
///
/// FEEL in properties is translated; what cannot be is shown safely (a condition that cannot
/// be evaluated shows its field, a label shows its source) with a warning at the property.
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
            out["label"] = .string(label(fields["label"], at: pointer.appending("label")) ?? fullKey ?? type)
            if let description = fields["description"]?.stringValue, !description.isEmpty {
                out["hint"] = .string(plainText(description, at: pointer.appending("description")))
            }
            if let defaultValue = fields["defaultValue"], defaultValue != .null {
                if let literal = FormJSMapper.literal(defaultValue) {
                    out["default"] = .string(literal)
                } else {
                    warn(pointer.appending("defaultValue"), "only a constant default value is read here; the field starts empty")
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
                out["label"] = .string(label(fields["timeLabel"] ?? fields["label"], at: pointer.appending("timeLabel")) ?? fullKey ?? "Time")
            case "datetime":
                // One field asks both, so one label: `label`, else the date part's.
                field("input")
                out["inputType"] = "datetime-local"
                if fields["label"] == nil, let dateLabel = label(fields["dateLabel"], at: pointer.appending("dateLabel")) {
                    out["label"] = .string(dateLabel)
                }
            default:
                field("datepicker")
                out["label"] = .string(label(fields["dateLabel"] ?? fields["label"], at: pointer.appending("dateLabel")) ?? fullKey ?? "Date")
            }
        case "text":
            return hiding(fields, at: pointer, ["type": "text", "markdown": .string(markdownText(fields["text"], at: pointer.appending("text")))])
        case "html":
            let source = fields["content"]?.stringValue ?? ""
            return hiding(fields, at: pointer, ["type": "text", "markdown": .string(HTMLToMarkdown.convert(source))])
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
                form.submitLabel = label(fields["label"], at: pointer.appending("label"))
            }
            return []
        case "group", "dynamiclist":
            let groupPath = fields["path"]?.stringValue.flatMap { $0.isEmpty ? nil : $0 }.map { joined(path, $0) } ?? path
            if type == "dynamiclist" { return dynamicList(fields, at: pointer, path: groupPath) }
            let children = mapList(fields["components"]?.arrayValue ?? [], at: pointer.appending("components"), path: groupPath)
            var card: [String: JSONValue] = ["type": "card", "fieldset": true, "children": .array(children)]
            if let title = label(fields["label"], at: pointer.appending("label")), !title.isEmpty { card["title"] = .string(title) }
            conditions(fields, at: pointer, into: &card)
            return [.object(card)]
        case "table":
            return table(fields, at: pointer, path: path)
        case "expression":
            guard let fullKey, let source = fields["expression"]?.stringValue else {
                warn(pointer, "an expression field needs \"key\" and \"expression\"; it is left out")
                return []
            }
            switch translate(source.hasPrefix("=") ? String(source.dropFirst()) : source) {
            case .success(let expression): form.computed[fullKey] = expression.source
            case .failure(let problem):
                warn(pointer.appending("expression"), "the FEEL expression cannot be computed here (\(problem)); \(fullKey) is not set")
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
            let title = label(fields["label"], at: pointer.appending("label")) ?? "Documents"
            return [.object(["type": "message", "kind": "info",
                             "markdown": .string("**\(FormJSMapper.escapedKeepingData(title))**: the documents of the process appear here in Tasklist.")])]
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

    /// `readonly` and `disabled` (true, or FEEL) become `disabled`; `conditional.hide` becomes `hide`.
    private mutating func conditions(_ fields: [String: JSONValue], at pointer: JSONPointer, into out: inout [String: JSONValue]) {
        var disabled: [String] = []
        for name in ["disabled", "readonly"] {
            guard let value = fields[name] else { continue }
            switch value {
            case .bool(true): disabled.append("true")
            case .string(let text) where text.hasPrefix("="):
                switch translate(String(text.dropFirst())) {
                case .success(let expression): disabled.append("(\(expression.source))")
                case .failure(let problem):
                    warn(pointer.appending(name), "\(name) cannot be evaluated here (\(problem)); the field stays editable")
                }
            default: break
            }
        }
        if !disabled.isEmpty { out["disabled"] = .string(disabled.joined(separator: " || ")) }
        hideCondition(fields, at: pointer, into: &out)
    }

    private mutating func hideCondition(_ fields: [String: JSONValue], at pointer: JSONPointer, into out: inout [String: JSONValue]) {
        if let hide = fields["conditional"]?["hide"] {
            switch hide {
            case .bool(true): out["hide"] = "true"
            case .string(let text) where text.hasPrefix("="):
                switch translate(String(text.dropFirst())) {
                case .success(let expression): out["hide"] = .string(expression.source)
                case .failure(let problem):
                    warn(pointer.appending("conditional").appending("hide"), "the condition cannot be evaluated here (\(problem)); it is always shown")
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
            else if case .string(let text) = value, text.hasPrefix("="), case .success(let expression) = translate(String(text.dropFirst())) {
                out.append(["type": .string(flow), "value": .string("=" + expression.source)])
            } else {
                warn(pointer.appending(name), "\(name) must be a number or a FEEL expression FlowStage can evaluate; it is not checked")
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
            if let path = try? DataPath(body.trimmingWhitespace()) {
                out["source"] = .string(path.description)
            } else {
                warn(pointer.appending("valuesExpression"), "only a data path is read for options here; the field offers no options")
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
        if alt.isEmpty || alt.hasPrefix("=") {
            warn(pointer.appending("alt"), alt.isEmpty ? "the image has no alt text, so it is shown as decorative; describe it in alt if it says something"
                                                      : "the alt text is a FEEL expression FlowStage does not evaluate; the image is shown as decorative")
        }
        var out: [String: JSONValue] = ["type": "image", "alt": .string(alt.hasPrefix("=") ? "" : alt)]
        let source = fields["source"]?.stringValue ?? ""
        if source.hasPrefix("=") {
            guard let path = try? DataPath(String(source.dropFirst()).trimmingWhitespace()) else {
                warn(pointer.appending("source"), "only a data path is read for an image's source here; the image is left out")
                return []
            }
            out["source"] = .string(path.description)
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
        let title = label(fields["label"], at: pointer.appending("label")).flatMap { $0.isEmpty ? nil : $0 }
        // In a row of another list, the buttons name their list: each outer row has its own
        // Add, and its Remove buttons sit beside the outer row's own.
        let named = outerList == nil ? nil : title
        if editable {
            item.append(["type": "button", "label": .string(named.map { "Remove \($0) row" } ?? "Remove row"),
                         "action": .string("remove-row" + suffix), "variant": "secondary"])
            form.actions += [["name": .string("add-row" + suffix), "type": "addItem", "key": .string(listKey)],
                             ["name": .string("remove-row" + suffix), "type": "removeItem", "key": .string(listKey)]]
        }
        var list: [String: JSONValue] = ["type": "collection", "source": .string(outerList == nil ? path : "$item." + path),
                                         "item": .array(item), "emptyText": "No rows yet."]
        if let title { list["label"] = .string(title) }
        conditions(fields, at: pointer, into: &list)
        guard editable else { return [.object(list)] }
        var add: [String: JSONValue] = ["type": "button", "label": .string(named.map { "Add a row to \($0)" } ?? "Add a row"),
                                        "action": .string("add-row" + suffix), "variant": "secondary"]
        conditions(fields, at: pointer, into: &add)
        return [.object(list), .object(add)]
    }

    private mutating func table(_ fields: [String: JSONValue], at pointer: JSONPointer, path: String?) -> [JSONValue] {
        let source = fields["dataSource"]?.stringValue ?? ""
        let body = source.hasPrefix("=") ? String(source.dropFirst()) : source
        guard let data = try? DataPath(body.trimmingWhitespace()) else {
            warn(pointer.appending("dataSource"), "a table's dataSource must be a data path here; the table is left out")
            return []
        }
        guard case .array(let columns)? = fields["columns"], !columns.isEmpty else {
            warn(pointer.appending("columns"), "a table needs a list of columns here (columnsExpression is not read); the table is left out")
            return []
        }
        let caption = label(fields["label"], at: pointer.appending("label")) ?? "Table"
        return [.object(["type": "table", "source": .string(data.description), "caption": .string(caption),
                         "columns": .array(columns.compactMap { column in
                             guard let key = column["key"]?.stringValue else { return nil }
                             return ["key": .string(key), "label": .string(column["label"]?.stringValue ?? key)]
                         })])]
    }

    // MARK: - Texts

    /// A label: plain text, or FEEL — a data path becomes `${path}`, anything else shows its source.
    private mutating func label(_ value: JSONValue?, at pointer: JSONPointer) -> String? {
        guard let text = value?.stringValue else { return nil }
        guard text.hasPrefix("=") else { return plainText(text, at: pointer) }
        let body = String(text.dropFirst()).trimmingWhitespace()
        if let path = try? DataPath(body) { return "${\(path.description)}" }
        if body.count >= 2, body.first == "\"", body.last == "\"", !body.dropFirst().dropLast().contains("\"") {
            return String(body.dropFirst().dropLast())
        }
        warn(pointer, "the label is a FEEL expression FlowStage does not evaluate; it shows its source text")
        return text
    }

    /// Text with form-js templating: `{{path}}` becomes `${path}`; other templating is shown as written.
    private mutating func plainText(_ text: String, at pointer: JSONPointer) -> String {
        var out = ""
        var rest = Substring(text)
        while let open = rest.range(of: "{{") {
            out += rest[..<open.lowerBound]
            guard let close = rest[open.upperBound...].range(of: "}}") else { out += rest[open.lowerBound...]; return out }
            let inner = String(rest[open.upperBound..<close.lowerBound]).trimmingWhitespace()
            // `this` is a dynamic list's row, as in FEEL (FEELBindings).
            let named = inner == "this" || inner.hasPrefix("this.") || inner.hasPrefix("this[") ? "$item" + inner.dropFirst(4) : inner
            if let path = try? DataPath(named) {
                out += "${\(path.description)}"
            } else {
                warn(pointer, "the template {{\(inner)}} is not evaluated here; it is shown as written")
                out += rest[open.lowerBound..<close.upperBound]
            }
            rest = rest[close.upperBound...]
        }
        return out + rest
    }

    /// A text component's markdown: templating as in `plainText`; a FEEL text shows its source.
    private mutating func markdownText(_ value: JSONValue?, at pointer: JSONPointer) -> String {
        guard let text = value?.stringValue else { return "" }
        if text.hasPrefix("=") {
            let body = String(text.dropFirst()).trimmingWhitespace()
            if let path = try? DataPath(body) { return "${\(path.description)}" }
            warn(pointer, "the text is a FEEL expression FlowStage does not evaluate; it shows its source")
            return Markdown.escaped(text)
        }
        return FormJSMapper.demotingHeadings(plainText(text, at: pointer))
    }

    /// Markdown for words that may read the data (a label's `${path}`): the words escaped, each
    /// `${path}` kept so the page fills it in.
    static func escapedKeepingData(_ text: String) -> String {
        var out = ""
        var rest = Substring(text)
        while let open = rest.range(of: "${"), let close = rest[open.upperBound...].firstIndex(of: "}") {
            out += Markdown.escaped(String(rest[..<open.lowerBound])) + rest[open.lowerBound...close]
            rest = rest[rest.index(after: close)...]
        }
        return out + Markdown.escaped(String(rest))
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

    private func translate(_ source: String) -> Result<Expression, TranslationProblem> {
        ExpressionTranslator.feel(source)
    }

    private mutating func warn(_ pointer: JSONPointer, _ message: String) {
        form.warnings.append(LoadError(file: file, pointer: pointer.description, message: message))
    }

    private mutating func note(_ line: String) { form.notes.append(line) }
}
