import Expressions

/// Every form-js form of the project, found by what models use to name them: the form's
/// JSON `id` (Camunda 8 `formId`, Camunda 7 `formRef`) or its file name (Camunda 7
/// `camunda-forms:deployment:invoice.form`).
struct FormCatalog {
    struct Form {
        let file: String
        let id: String?
        let schema: JSONValue
    }

    private(set) var forms: [Form] = []
    private var byID: [String: Int] = [:]
    private(set) var warnings: [LoadError] = []

    init(_ files: [ProjectFile]) {
        for file in files {
            let schema: JSONValue
            do { schema = try JSONParser.parse(file.bytes) } catch {
                warnings.append(LoadError(file: file.path, pointer: "", message: "is not valid JSON (\(error)); user tasks that use this form show their name and a Complete button"))
                continue
            }
            guard case .object = schema, schema["components"]?.arrayValue != nil else {
                warnings.append(LoadError(file: file.path, pointer: "", message: "is not a form-js form (it has no \"components\" list); user tasks that use it show their name and a Complete button"))
                continue
            }
            let id = schema["id"]?.stringValue
            if let id {
                if let first = byID[id] {
                    warnings.append(LoadError(file: file.path, pointer: "/id", message: "another form, \(forms[first].file), has the id \"\(id)\" too; tasks naming it use that one"))
                } else {
                    byID[id] = forms.count
                }
            }
            forms.append(Form(file: file.path, id: id, schema: schema))
        }
    }

    func form(id: String) -> Form? { byID[id].map { forms[$0] } }

    /// `invoice.form` or `forms/invoice.form`: the form whose file path ends so.
    func form(file name: String) -> Form? {
        let wanted = name.split(separator: "/").last.map(String.init) ?? name
        return forms.first { $0.file == name || $0.file.hasSuffix("/" + name) }
            ?? forms.first { ($0.file.split(separator: "/").last.map(String.init) ?? $0.file) == wanted }
    }
}
