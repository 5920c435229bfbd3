import Expressions
import Foundation

/// Reads `mocks/*.json`: one answer per file, named after the job type or element id it answers for.
struct MockLoader {
    let loader: ProjectLoader

    func loadAll(_ folder: URL, errors: inout [LoadError]) -> [String: Mock] {
        var mocks: [String: Mock] = [:]
        for file in loader.jsonFiles(folder, "mocks") {
            guard let value = loader.readJSON(folder, file, &errors) else { continue }
            let diagnostics = Diagnostics(file: file)
            let name = String(file.dropFirst("mocks/".count).dropLast(".json".count))
            if let answer = decode(value, diagnostics) { mocks[name] = Mock(name: name, answer: answer, file: file) }
            errors += diagnostics.errors
        }
        return mocks
    }

    private func decode(_ value: JSONValue, _ diagnostics: Diagnostics) -> Mock.Answer? {
        guard let root = ObjectReader(value, at: JSONPointer(), diagnostics, what: "A mock") else { return nil }
        let given = ["variables", "response", "error"].filter(root.has)
        guard given.count == 1 else {
            diagnostics.error(at: JSONPointer(), given.isEmpty
                ? "says nothing: give \"variables\" (the job's variables), \"response\" (a connector's response) or \"error\" (a BPMN error to throw)"
                : "gives \(given.map { "\"\($0)\"" }.joined(separator: " and ")); a mock answers one way, so keep one")
            return nil
        }
        switch given[0] {
        case "variables":
            guard case .object? = root.value("variables") else {
                diagnostics.error(at: root.at("variables"), "must be an object of variables by name, found \(root.value("variables")?.kindName ?? "nothing")")
                return nil
            }
            return .variables(root.value("variables")!)
        case "response":
            return .response(root.value("response")!)
        default:
            guard let error = root.object("error", what: "\"error\"") else { return nil }
            guard let code = error.string("code", required: "An error") else { return nil }
            return .error(code: code, message: error.string("message"))
        }
    }

    /// A mock no service task answers to (its file name is neither a job type nor an element id
    /// of one): most often a typo, so it is named.
    static func unused(_ mocks: [String: Mock], processes: [ProcessDefinition]) -> [LoadError] {
        var names = Set<String>()
        for node in processes.flatMap(\.nodes) {
            if case .serviceTask(let service) = node.kind { names.formUnion(service.handlerNames) }
        }
        return mocks.values.filter { !names.contains($0.name) }.sorted { $0.file < $1.file }.map { mock in
            LoadError(file: mock.file, pointer: "", message: "no service, send, script or business rule task has the job type or id “\(mock.name)”, so this mock answers for nothing; rename the file after a task's job type or element id")
        }
    }
}
