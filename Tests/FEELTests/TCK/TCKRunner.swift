@testable import FEEL
import Foundation
@testable import Definitions

/// Runs the DMN TCK's decisions whose logic is a FEEL literal expression, as a TCK runner
/// does: each test case's inputs in, each result node's value compared with the expected one.
/// A decision that needs another kind of logic (a decision table…) counts as a failure.
struct TCKRunner {
    struct Result {
        /// `compliance-level-2` or `compliance-level-3`.
        let level: String
        let folder: String
        let testCase: String
        let decision: String
        let expected: FEELValue
        let actual: FEELValue?
        let passed: Bool
        /// Why it failed: the unsupported logic, or the warnings of the evaluation.
        let note: String
    }

    struct Unsupported: Error { let what: String }

    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("../shared/testdata/dmn-tck/TestCases").standardizedFileURL

    static var available: Bool { FileManager.default.fileExists(atPath: root.path) }

    static func run() throws -> [Result] {
        var results: [Result] = []
        let levels = try FileManager.default.contentsOfDirectory(at: root, includingPropertiesForKeys: nil).sorted { $0.path < $1.path }
        for level in levels where level.hasDirectoryPath {
            let folders = try FileManager.default.contentsOfDirectory(at: level, includingPropertiesForKeys: nil).sorted { $0.path < $1.path }
            for folder in folders where folder.hasDirectoryPath {
                results += try runFolder(folder, level: level.lastPathComponent)
            }
        }
        return results
    }

    private static func runFolder(_ folder: URL, level: String) throws -> [Result] {
        let files = try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil).sorted { $0.path < $1.path }
        var models: [String: TCKModel] = [:]
        for file in files where file.pathExtension == "dmn" {
            models[file.lastPathComponent] = try TCKModel(file: file)
        }
        var results: [Result] = []
        for file in files where file.pathExtension == "xml" && file.lastPathComponent.contains("-test-") {
            let root = try XMLTreeReader.read(Array(try Data(contentsOf: file))).get()
            let ns = root.namespace
            guard let modelName = root.child("modelName", in: ns)?.text.trimmingCharacters(in: .whitespacesAndNewlines),
                  let model = models[modelName] else { continue }
            for testCase in root.children("testCase", in: ns) {
                var inputs: [String: FEELValue] = [:]
                for input in testCase.children("inputNode", in: ns) {
                    let name = input.attribute("name") ?? ""
                    let typeRef = model.inputsByName[name] ?? nil
                    inputs[name] = TCKValues.value(of: input, type: TCKValues.type(typeRef, in: model), in: model)
                }
                var run = Evaluation(model: model, inputs: inputs)
                for node in testCase.children("resultNode", in: ns) {
                    let name = node.attribute("name") ?? ""
                    guard let decision = model.decisionsByName[name], decision.logicKind == "literalExpression" else { continue }
                    let expectedElement = node.child("expected", in: ns)
                    let expected = expectedElement.map {
                        TCKValues.value(of: $0, type: TCKValues.type(decision.typeRef, in: model), in: model)
                    } ?? .null
                    let label = folder.lastPathComponent
                    do {
                        let (actual, warnings) = try run.evaluate(decision)
                        let passed = TCKValues.matches(actual, expected)
                        results.append(Result(level: level, folder: label, testCase: testCase.attribute("id") ?? "", decision: name, expected: expected,
                                              actual: actual, passed: passed, note: warnings.map(\.message).joined(separator: "; ")))
                    } catch let unsupported as Unsupported {
                        results.append(Result(level: level, folder: label, testCase: testCase.attribute("id") ?? "", decision: name, expected: expected,
                                              actual: nil, passed: false, note: "needs \(unsupported.what)"))
                    }
                }
            }
        }
        return results
    }

    /// One test case's evaluation: each decision once, in requirement order.
    struct Evaluation {
        let model: TCKModel
        let inputs: [String: FEELValue]
        var done: [String: (FEELValue, [FEELWarning])] = [:]
        let environment = FEELEnvironment(timeZone: TimeZone(identifier: "UTC")!)
        /// The model's item definitions, for `instance of`.
        var types: [String: FEELType] {
            var types: [String: FEELType] = [:]
            for name in model.itemDefinitions.keys {
                types[name] = TCKValues.feelType(.reference(name, collection: false), in: model)
            }
            return types
        }

        init(model: TCKModel, inputs: [String: FEELValue]) {
            self.model = model
            self.inputs = inputs
        }

        mutating func evaluate(_ decision: TCKModel.Decision) throws -> (FEELValue, [FEELWarning]) {
            if let known = done[decision.id] { return known }
            guard decision.logicKind == "literalExpression", let text = decision.text else {
                throw Unsupported(what: "a \(decision.logicKind) (decision \(decision.name))")
            }
            var scope = FEELContext()
            for id in decision.requiredInputs {
                guard let input = model.inputs[id] else { continue }
                scope[input.name] = coerce(inputs[input.name] ?? .null, to: input.typeRef)
            }
            for id in decision.requiredDecisions {
                guard let required = model.decisions[id] else { continue }
                scope[required.name] = try evaluate(required).0
            }
            for id in decision.requiredKnowledge {
                try addKnowledge(id, to: &scope)
            }
            let expression: FEELExpression
            do {
                expression = try FEELExpression(text, knownNames: scope.keys, types: types)
            } catch {
                let result = (FEELValue.null, [FEELWarning("does not parse: \(error)")])
                done[decision.id] = result
                return result
            }
            let result = expression.evaluate(scope, environment: environment)
            let value = coerce(result.value, to: decision.typeRef)
            done[decision.id] = (value, result.warnings)
            return (value, result.warnings)
        }

        /// A business knowledge model as a function value in the scope (with those it requires).
        private func addKnowledge(_ id: String, to scope: inout FEELContext, depth: Int = 0) throws {
            guard let bkm = model.knowledge[id], scope[bkm.name] == nil, depth < 10 else { return }
            guard bkm.bodyKind == "literalExpression", let body = bkm.body else {
                throw Unsupported(what: "a \(bkm.bodyKind) (business knowledge model \(bkm.name))")
            }
            var inner = FEELContext()
            for required in bkm.requiredKnowledge { try addKnowledge(required, to: &inner, depth: depth + 1) }
            let parameters = bkm.parameters.map(\.name)
            let source = "function(" + parameters.map { "`\($0)`" }.joined(separator: ", ") + ") " + body
            let function = try FEELExpression(source, knownNames: parameters + inner.keys + [bkm.name]).evaluate(inner, environment: environment)
            scope[bkm.name] = function.value
            for (key, value) in zip(inner.keys, inner.values) where scope[key] == nil { scope[key] = value }
        }

        /// A result of a `typeRef` it does not conform to is null (DMN 1.5, 7.3.2); singleton
        /// lists and items convert as FEEL's implicit conversions say.
        private func coerce(_ value: FEELValue, to typeRef: String?) -> FEELValue {
            guard !value.isNull, let type = TCKValues.feelType(TCKValues.type(typeRef, in: model), in: model) else { return value }
            if type.matches(value) { return value }
            return Conversions.conform(value, to: type) ?? .null
        }
    }
}
