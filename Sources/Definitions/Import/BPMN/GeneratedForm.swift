import Expressions

/// Camunda 7 generated task forms (`camunda:formData`, `camunda:formField`) and the older
/// `formProperty` of Activiti and Flowable, made into FlowStage components.
struct GeneratedForm {
    let file: String
    /// Custom validators registered in Swift or validators.json: a `validator` constraint names one.
    let validators: Set<String>

    /// The form under `extensions`, if it has one.
    func map(_ extensions: XMLNode?, element: String) -> MappedForm? {
        guard let extensions else { return nil }
        if let data = extensions.children.first(where: { $0.name == "formData" && BPMNNamespace.engine.contains($0.namespace) }) {
            var form = MappedForm()
            form.components = data.children.filter { $0.name == "formField" }.compactMap { field($0, element: element, &form) }
            return form
        }
        let properties = extensions.children.filter { $0.name == "formProperty" && BPMNNamespace.engine.contains($0.namespace) }
        guard !properties.isEmpty else { return nil }
        var form = MappedForm()
        form.components = properties.compactMap { property($0, &form) }
        return form
    }

    private func field(_ node: XMLNode, element: String, _ form: inout MappedForm) -> JSONValue? {
        guard let key = node.attribute("id"), (try? DataPath(key)) != nil else {
            form.warnings.append(located(node, element, "a form field needs an id that is a data path (letters, digits, _ and dots); it is left out"))
            return nil
        }
        let type = node.attribute("type") ?? "string"
        var out: [String: JSONValue] = ["key": .string(key), "label": .string(node.attribute("label") ?? key)]
        var checks: [JSONValue] = []
        switch type {
        case "long":
            out["type"] = "input"; out["inputType"] = "number"
            checks.append(["type": "decimalPlaces", "value": 0])
        case "boolean": out["type"] = "checkbox"
        case "date":
            // A generated date is text in its datePattern (dd/MM/yyyy by default): asked as an ISO date here.
            out["type"] = "datepicker"
            form.notes.append("date field \(key): asked with a date picker (stored as YYYY-MM-DD, not \(node.attribute("datePattern") ?? "dd/MM/yyyy"))")
        case "enum":
            out["type"] = "select"
            out["options"] = enumOptions(node)
        case "string": out["type"] = "input"
        default:
            out["type"] = "input"
            form.notes.append("form field \(key): type \(type) is asked as text")
        }
        if let value = node.attribute("defaultValue"), !value.isEmpty {
            let pattern = node.attribute("datePattern") ?? "dd/MM/yyyy"
            if type == "date", !value.contains("${"), !value.contains("#{") {
                // Written in the field's datePattern; the date picker holds an ISO date.
                if let iso = GeneratedForm.isoDate(value, pattern: pattern) { out["default"] = .string("'\(iso)'") }
                else { form.warnings.append(located(node, element, "the default value \(value) is not a date written as \(pattern); the field starts empty")) }
            } else if let expression = defaultExpression(value, type: type) { out["default"] = .string(expression) }
            else { form.warnings.append(located(node, element, "the default value \(value) is an expression FlowStage cannot evaluate; the field starts empty")) }
        }
        for constraint in node.descendants("constraint", inAny: BPMNNamespace.engine) {
            let config = constraint.attribute("config") ?? ""
            switch constraint.attribute("name") ?? "" {
            case "required": checks.append(["type": .string(type == "boolean" ? "requiredTrue" : "required")])
            case "readonly": out["disabled"] = "true"
            case "minlength", "maxlength", "min", "max":
                let name = constraint.attribute("name")!
                guard let number = Double(config) else {
                    form.warnings.append(located(constraint, element, "the \(name) constraint needs a number in config; it is not checked"))
                    continue
                }
                let flow = ["minlength": "minLength", "maxlength": "maxLength", "min": "min", "max": "max"][name]!
                checks.append(["type": .string(flow), "value": .number(number)])
            case "validator":
                let name = config.split(separator: ".").last.map(String.init) ?? config
                if validators.contains(config) || validators.contains(name) {
                    checks.append(["type": "custom", "name": .string(validators.contains(config) ? config : name)])
                } else {
                    form.warnings.append(located(constraint, element, "the validator \(config) is not registered (in Swift or validators.json); it is not checked"))
                }
            case let other:
                form.warnings.append(located(constraint, element, "the constraint \"\(other)\" is not known; it is not checked"))
            }
        }
        if !checks.isEmpty { out["validators"] = .array(checks) }
        return .object(out)
    }

    private func property(_ node: XMLNode, _ form: inout MappedForm) -> JSONValue? {
        guard let key = node.attribute("id"), (try? DataPath(key)) != nil else { return nil }
        if node.attribute("readable") == "false" { return nil }
        let type = node.attribute("type") ?? "string"
        var out: [String: JSONValue] = ["key": .string(key), "label": .string(node.attribute("name") ?? key)]
        switch type {
        case "long", "double": out["type"] = "input"; out["inputType"] = "number"
        case "boolean": out["type"] = "checkbox"
        case "date": out["type"] = "datepicker"
        case "enum":
            out["type"] = "select"
            out["options"] = enumOptions(node)
        default: out["type"] = "input"
        }
        if node.attribute("writable") == "false" { out["disabled"] = "true" }
        if node.attribute("required") == "true" { out["validators"] = [["type": .string(type == "boolean" ? "requiredTrue" : "required")]] }
        return .object(out)
    }

    /// An enum field's `value` children as options (`id` is the value, `name` the label).
    private func enumOptions(_ node: XMLNode) -> JSONValue {
        .array(node.children.filter { $0.name == "value" }.compactMap { value in
            guard let id = value.attribute("id") else { return nil }
            return ["value": .string(id), "label": .string(value.attribute("name") ?? id)]
        })
    }

    /// `value` read with a Java date pattern of `dd`, `MM` and `yyyy` and separators
    /// (`10/01/2013` with `dd/MM/yyyy`), as an ISO date; nil when it does not fit or does not exist.
    static func isoDate(_ value: String, pattern: String) -> String? {
        var day: Int?, month: Int?, year: Int?
        var text = Substring(value), rest = Substring(pattern)
        func digits(_ count: Int) -> Int? {
            let taken = text.prefix { $0.isASCII && $0.isNumber }.prefix(count)
            guard taken.count == count else { return nil }
            text = text.dropFirst(count)
            return Int(taken)
        }
        while !rest.isEmpty {
            if let (token, count) = [("yyyy", 4), ("dd", 2), ("MM", 2)].first(where: { rest.hasPrefix($0.0) }) {
                guard let number = digits(count) else { return nil }
                switch token { case "yyyy": year = number; case "dd": day = number; default: month = number }
                rest = rest.dropFirst(token.count)
            } else if rest.first?.isLetter == true {
                return nil   // another pattern letter (d, M, yy, HH…): not read here
            } else {
                guard text.first == rest.first else { return nil }
                text = text.dropFirst(); rest = rest.dropFirst()
            }
        }
        guard text.isEmpty, let day, let month, let year else { return nil }
        let iso = String(format: "%04d-%02d-%02d", year, month, day)
        return CivilDate(iso: iso) != nil ? iso : nil
    }

    /// A default value as an expression: a constant of the field's type, or a JUEL expression.
    private func defaultExpression(_ value: String, type: String) -> String? {
        if value.contains("${") || value.contains("#{") {
            return try? ModelExpressions.juel(value).get().source
        }
        switch type {
        case "long": return Double(value) != nil ? value : nil
        case "boolean": return value == "true" || value == "false" ? value : nil
        default: return JSONValue.string(value).serialized(pretty: false)
        }
    }

    private func located(_ node: XMLNode, _ element: String, _ message: String) -> LoadError {
        LoadError(file: file, pointer: "/" + element, message: message, line: node.line, column: node.column)
    }
}
