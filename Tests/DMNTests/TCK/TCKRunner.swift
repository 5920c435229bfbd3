import DMN
@testable import FEEL
import Foundation
@testable import Definitions
import TestSupport

/// Runs the DMN TCK (`../shared/testdata/dmn-tck/TestCases`, read where it lies) on the DMN
/// engine, as a TCK runner does: each folder's models read together, each test case's inputs
/// in, every result node's value compared with the expected one (an `errorResult` expects null).
struct TCKRunner {
    struct Outcome {
        /// `compliance-level-2` or `compliance-level-3`.
        let level: String
        let folder: String
        let testCase: String
        let node: String
        let expected: FEELValue
        let actual: FEELValue?
        let passed: Bool
        /// Why it failed, as a group heading: a load error, an evaluation error, the first warning.
        let cause: String
        let detail: String
    }

    static let root = RepositoryPaths.root.appendingPathComponent("../shared/testdata/dmn-tck/TestCases").standardizedFileURL

    static var available: Bool { FileManager.default.fileExists(atPath: root.path) }

    static let evaluator = DMNEvaluator(environment: FEELEnvironment(timeZone: TimeZone(identifier: "UTC")!))

    static func run() throws -> [Outcome] {
        var outcomes: [Outcome] = []
        let levels = try FileManager.default.contentsOfDirectory(at: root, includingPropertiesForKeys: nil).sorted { $0.path < $1.path }
        for level in levels where level.hasDirectoryPath {
            let folders = try FileManager.default.contentsOfDirectory(at: level, includingPropertiesForKeys: nil).sorted { $0.path < $1.path }
            for folder in folders where folder.hasDirectoryPath {
                outcomes += try runFolder(folder, level: level.lastPathComponent)
            }
        }
        return outcomes
    }

    private static func runFolder(_ folder: URL, level: String) throws -> [Outcome] {
        let files = try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil).sorted { $0.path < $1.path }
        let dmnFiles = try files.filter { $0.pathExtension == "dmn" }.map { ($0.lastPathComponent, Array(try Data(contentsOf: $0))) }
        let read = DMNFile.read(dmnFiles)
        var outcomes: [Outcome] = []
        for file in files where file.pathExtension == "xml" && file.lastPathComponent.contains("-test-") {
            let root = try XMLTreeReader.read(Array(try Data(contentsOf: file))).get()
            let ns = root.namespace
            let modelName = root.child("modelName", in: ns)?.text.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
            let model = read.files.firstIndex(of: modelName).map { read.models[$0] }
            let loadErrors = read.errors.filter { $0.file == modelName }
            for testCase in root.children("testCase", in: ns) {
                let caseID = testCase.attribute("id") ?? ""
                let resultNodes = testCase.children("resultNode", in: ns)
                guard let model else {
                    for node in resultNodes {
                        outcomes.append(Outcome(level: level, folder: folder.lastPathComponent, testCase: caseID, node: node.attribute("name") ?? "",
                                                expected: .null, actual: nil, passed: false, cause: "model \(modelName) not read",
                                                detail: read.errors.map(\.description).joined(separator: "; ")))
                    }
                    continue
                }
                let models = read.models(for: model)
                let allModels = read.models
                var context: [String: FEELValue] = [:]
                var byNamespace: [String: [String: FEELValue]] = [:]
                for input in testCase.children("inputNode", in: ns) {
                    let name = input.attribute("name") ?? ""
                    let owner = input.attribute("namespace").flatMap { namespace in allModels.first { $0.namespace == namespace } } ?? model
                    let typeRef = owner.inputData.first { $0.name == name }?.typeRef ?? owner.decision(name)?.typeRef
                    let value = TCKValues.value(of: input, shape: TCKValues.shape(typeRef, in: owner))
                    if let namespace = input.attribute("namespace") { byNamespace[namespace, default: [:]][name] = value } else { context[name] = value }
                }
                var serviceResult: Result<DecisionResult, DMNError>?
                if testCase.attribute("type") == "decisionService", let service = testCase.attribute("invocableName") {
                    serviceResult = evaluator.evaluate(service: service, in: models, context: context)
                }
                for node in resultNodes {
                    let name = node.attribute("name") ?? ""
                    let typeRef = model.decision(name)?.typeRef
                    let expected = node.child("expected", in: ns).map { TCKValues.value(of: $0, shape: TCKValues.shape(typeRef, in: model)) } ?? .null
                    var result: Result<DecisionResult, DMNError>
                    var actual: FEELValue?
                    if let serviceResult {
                        result = serviceResult
                        if case .success(let value) = serviceResult {
                            let outputs = model.decisionServices.first { $0.name == testCase.attribute("invocableName") }?.outputDecisions.count ?? 1
                            actual = outputs == 1 ? value.value : (value.value.contextValue?[name] ?? .null)
                        }
                    } else {
                        result = evaluator.evaluate(decision: name, in: models, context: context, inputsByNamespace: byNamespace)
                        if case .success(let value) = result { actual = value.value }
                    }
                    let passed = actual.map { TCKValues.matches($0, expected) } ?? false
                    var cause = "wrong value, no warning"
                    var detail = ""
                    switch result {
                    case .failure(let error):
                        cause = "evaluation error: " + generalized(error.message)
                        detail = error.message
                    case .success(let value):
                        if let first = value.warnings.first { cause = generalized(first) }
                        detail = value.warnings.joined(separator: "; ")
                    }
                    if let firstError = loadErrors.first { cause = "load error: " + generalized(firstError.message) }
                    outcomes.append(Outcome(level: level, folder: folder.lastPathComponent, testCase: caseID, node: name, expected: expected,
                                            actual: actual, passed: passed, cause: cause, detail: detail))
                }
            }
        }
        return outcomes
    }

    /// A message with its names and values taken out, so alike failures group together.
    static func generalized(_ message: String) -> String {
        var text = message
        for pattern in ["\"[^\"]*\"", "`[^`]*`", "column [0-9]+", "[0-9]+(\\.[0-9]+)?"] {
            text = text.replacingOccurrences(of: pattern, with: "…", options: .regularExpression)
        }
        if let colon = text.range(of: "decision …, ") ?? text.range(of: "decision …: ") { text = String(text[colon.upperBound...]) }
        return String(text.prefix(140))
    }
}
