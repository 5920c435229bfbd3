import Expressions

/// Which form a user task or start event shows, by the ways Camunda 8 and 7 link them.
extension ProcessBuilder {
    /// The element's form, or nil when it has none (a warning says why when one was named
    /// but cannot be shown).
    mutating func form(for element: FlowElement) -> MappedForm? {
        let extensions = element.node.child("extensionElements", in: BPMNNamespace.model)
        if let definition = extensions?.child("formDefinition", in: BPMNNamespace.zeebe) {
            if let formID = definition.attribute("formId") {
                guard let found = forms.form(id: formID) else {
                    warnings.append(located(element, "no form in this project has the id \"\(formID)\" (a form's id is the \"id\" in its .form file, not the file name); the form is left out"))
                    return nil
                }
                return mapped(found, element)
            }
            if let key = definition.attribute("formKey") { return formKey(key, element) }
            if let reference = definition.attribute("externalReference") {
                warnings.append(located(element, "the form is an external page (\(reference)) FlowStage cannot show; the form is left out"))
                return nil
            }
        }
        if let key = element.node.attribute("formKey", inAny: BPMNNamespace.engine) { return formKey(key, element) }
        if let reference = element.node.attribute("formRef", inAny: BPMNNamespace.engine) {
            guard let found = forms.form(id: reference) else {
                warnings.append(located(element, "no form in this project has the id \"\(reference)\" (camunda:formRef); the form is left out"))
                return nil
            }
            return mapped(found, element)
        }
        return GeneratedForm(file: file, validators: validators).map(extensions, element: element.id).map { generated in
            summary.append("\(element.kind == .startEvent ? "start event" : "user task") \(element.id): generated form, \(generated.components.count) field\(generated.components.count == 1 ? "" : "s")")
            return generated
        }
    }

    /// `camunda-forms:bpmn:<id>` (embedded in the process), `camunda-forms:deployment:<file>`,
    /// `camunda-forms:app:<path>`; `embedded:` and `app:` HTML forms cannot be shown.
    private mutating func formKey(_ key: String, _ element: FlowElement) -> MappedForm? {
        let parts = key.split(separator: ":", maxSplits: 2).map(String.init)
        if parts.first == "camunda-forms" {
            let place = parts.count == 3 ? parts[1] : ""
            let name = parts.last ?? ""
            if place == "bpmn" {
                guard let embedded = process.embeddedForms[name] else {
                    warnings.append(located(element, "formKey \(key) names no zeebe:userTaskForm with id \"\(name)\" in this process; the form is left out"))
                    return nil
                }
                let schema: JSONValue
                do { schema = try JSONParser.parse(Array(embedded.body.utf8)) } catch {
                    warnings.append(LoadError(file: file, pointer: "/" + name, message: "the embedded form is not valid JSON (\(error)); the form is left out",
                                              line: embedded.line, column: 1))
                    return nil
                }
                return mappedSchema(schema, source: "\(file) (embedded form \(name))", element)
            }
            guard let found = forms.form(file: name) ?? forms.form(id: name) else {
                warnings.append(located(element, "formKey \(key): no .form file named \(name) in this project; the form is left out"))
                return nil
            }
            return mapped(found, element)
        }
        warnings.append(located(element, "the form \(key) is not a Camunda Form (an HTML page or an app's own form) FlowStage cannot show; the form is left out (use a Camunda Form to preview it)"))
        return nil
    }

    private mutating func mapped(_ form: FormCatalog.Form, _ element: FlowElement) -> MappedForm {
        usedForms.insert(form.file)
        return mappedSchema(form.schema, source: form.file, element)
    }

    private mutating func mappedSchema(_ schema: JSONValue, source: String, _ element: FlowElement) -> MappedForm {
        var mapper = FormJSMapper(file: source.hasPrefix(file) ? file : source)
        let form = mapper.map(schema)
        summary.append("\(element.kind == .startEvent ? "start event" : "user task") \(element.id): form \(schema["id"]?.stringValue.map { $0 + " " } ?? "")from \(source), \(form.components.count) component\(form.components.count == 1 ? "" : "s")")
        return form
    }
}
