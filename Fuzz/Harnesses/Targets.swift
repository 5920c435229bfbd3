import Foundation
import DMN
@testable import Definitions
@testable import Expressions
@testable import FEEL
@testable import HTTP
@testable import Rendering
@testable import Template

/// One fuzz target: what libFuzzer's bytes are fed to, and what must hold besides "no crash".
/// A broken property stops the run with `fatalError`, which libFuzzer records as a crash.
struct FuzzTarget: Sendable {
    let name: String
    var setUp: @Sendable () -> Void = {}
    let run: @Sendable ([UInt8]) -> Void

    static let all: [FuzzTarget] = [
        json, expression, urlencoded, multipart, cookies, template, project, bpmn, dmn, feel, juel, testcases,
    ]

    static func check(_ condition: Bool, _ message: @autoclosure () -> String) {
        if !condition { fatalError("property broken: \(message())") }
    }

    /// A fixed clock and zone: the same input always takes the same path.
    static let scope = EvaluationScope(
        data: sampleData, value: .string("12.5"), item: .object(["id": .number(2), "name": .string("b")]),
        language: "ro", now: Date(timeIntervalSince1970: 1_760_000_000), timeZone: TimeZone(identifier: "UTC")!)

    static let sampleData: JSONValue = .object([
        "amount": .number(1500), "name": .string("Ana Pop"), "approved": .bool(true), "none": .null,
        "birthDate": .string("1990-02-28"), "count": .string("42"),
        "items": .array([.object(["id": .number(1), "name": .string("a"), "price": .number(2.5)]),
                         .object(["id": .number(2), "name": .string("b"), "price": .number(-1)])]),
        "tags": .array([.string("x"), .string("y")]),
        "address": .object(["city": .string("Cluj"), "zip": .string("400001")]),
    ])

    // MARK: JSON — parse → write → parse gives the same value

    static let json = FuzzTarget(name: "json") { bytes in
        guard let value = try? JSONParser.parse(bytes) else { return }
        for pretty in [false, true] {
            let written = value.serialized(pretty: pretty)
            let again: JSONValue
            do { again = try JSONParser.parse(written) } catch {
                fatalError("property broken: the writer's output does not parse (\(error)): \(written)")
            }
            check(again == value, "parse → write → parse changed the value: \(written)")
            check(again.serialized(pretty: pretty) == written, "writing is not stable: \(written)")
        }
    }

    // MARK: Expressions — parse and evaluate; `source \0 data-json`

    static let expression = FuzzTarget(name: "expression") { bytes in
        let (source, rest) = split(bytes)
        guard let expression = try? Expression(String(decoding: source, as: UTF8.self)) else { return }
        var scope = Self.scope
        if let rest, let data = try? JSONParser.parse(rest) { scope.data = data }
        _ = expression.evaluate(in: scope)
    }

    // MARK: URL-encoded forms and request targets — decode → encode → decode gives the same fields

    static let formLimits = FormLimits(maxFields: 200, maxFieldBytes: 8 << 10)

    static let urlencoded = FuzzTarget(name: "urlencoded") { bytes in
        _ = try? RequestTarget(bytes, limits: formLimits)
        guard let fields = try? URLEncoding.parseForm(bytes, limits: formLimits) else { return }
        let encoded = fields.map { percentEncode($0.name) + "=" + percentEncode($0.value) }.joined(separator: "&")
        let again: [(name: String, value: String)]
        do { again = try URLEncoding.parseForm(Array(encoded.utf8), limits: formLimits) } catch {
            fatalError("property broken: re-encoded form rejected (\(error)): \(encoded)")
        }
        check(again.map(\.name) == fields.map(\.name) && again.map(\.value) == fields.map(\.value),
              "decode → encode → decode changed the fields: \(encoded)")
    }

    static func percentEncode(_ text: String) -> String {
        var out = ""
        for byte in text.utf8 {
            if (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == 0x2D {
                out.unicodeScalars.append(UnicodeScalar(byte))
            } else {
                out += String(format: "%%%02X", byte)
            }
        }
        return out
    }

    // MARK: Multipart — `chunk-size-byte boundary \n body`; small chunks give what the whole body gives

    static let uploads = FileManager.default.temporaryDirectory
        .appendingPathComponent("flowstage-fuzz-uploads-\(getpid())", isDirectory: true)

    static let multipart = FuzzTarget(name: "multipart", setUp: {
        try? FileManager.default.createDirectory(at: uploads, withIntermediateDirectories: true)
    }) { bytes in
        guard bytes.count >= 2, let newline = bytes[1...].firstIndex(of: 0x0A) else { return }
        let chunk = Int(bytes[0] % 16) + 1
        let boundary = String(decoding: bytes[1..<newline], as: UTF8.self)
        let body = Array(bytes[(newline + 1)...])
        let descriptors = openDescriptors()
        let whole = readMultipart(body, boundary: boundary, chunk: body.count + 1)
        let chunked = readMultipart(body, boundary: boundary, chunk: chunk)
        check(whole == chunked, "chunks of \(chunk) bytes gave \(chunked), the whole body \(whole)")
        check(openDescriptors() == descriptors, "a file descriptor was left open")
    }

    /// The fields and files read (or the rejection's status); the files' contents, then deleted.
    static func readMultipart(_ body: [UInt8], boundary: String, chunk: Int) -> String {
        guard var parser = MultipartParser(boundary: boundary) else { return "no parser" }
        var reader = MultipartFormReader(limits: formLimits, uploadDirectory: uploads)
        defer {
            for file in reader.createdFiles { try? FileManager.default.removeItem(at: file) }
        }
        do {
            var offset = 0
            while offset < body.count {
                let end = min(offset + chunk, body.count)
                try body[offset..<end].withUnsafeBytes { try parser.feed($0, into: &reader) }
                offset = end
            }
            try parser.finish()
        } catch {
            reader.abandon()
            return "rejected \((error as? RequestRejection)?.status ?? 0)"
        }
        let files = reader.form.files.map { file in
            // Foundation on Linux leaks 4 KiB reading an empty file.
            let contents = file.size == 0 ? [] : (try? Data(contentsOf: file.temporaryURL)).map { Array($0) } ?? []
            return "\(file.fieldName)|\(file.fileName)|\(file.contentType)|\(file.size)|\(contents)"
        }
        return "\(reader.form.fields.map { "\($0.name)=\($0.value)" }) \(files)"
    }

    static func openDescriptors() -> Int {
        (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count) ?? 0
    }

    // MARK: Cookies — read anything; a cookie the server writes reads back to its value

    static let cookies = FuzzTarget(name: "cookies") { bytes in
        let text = String(decoding: bytes, as: UTF8.self)
        let name = String(text.prefix(8))
        _ = RequestCookies(headers: text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init))[name]
        let header = Cookies.setCookie(name: name, value: text, maxAge: 60)
        let sent = String(header.prefix { $0 != ";" })
        let written = String(sent.prefix { $0 != "=" })
        let read = RequestCookies(headers: [sent])[written]
        check(read != nil, "a written cookie could not be read by its name: \(sent)")
        let value = read.flatMap { URLEncoding.decodeText(Array($0.utf8), plusAsSpace: false) }
        check(value == text, "a written cookie read back as \(String(describing: value)): \(sent)")
    }

    // MARK: Templates — `main \0 partial \0 partial…`; every partial name picks one of the partials

    /// Lists of one item: sections nested over longer lists multiply the output (20 sections over
    /// 3 items are 3²⁰ copies). The fuzzer found that as a timeout; the renderer now stops at
    /// `TemplateRenderer.maxOutputBytes` (a test covers it), and short lists keep the runs fast.
    static let templateContext = DictionaryContext([
        "name": .text("<Ana & \"Pop\">"), "flag": .bool(true), "empty": .list([]), "n": .number(2.5),
        "list": .list([.object(DictionaryContext(["name": .text("inner"), "html": .html("<b>b</b>")]))]),
        "texts": .list([.text("a")]), "html": .html("<i>x</i>"),
    ])

    static let template = FuzzTarget(name: "template") { bytes in
        let parts = bytes.split(separator: 0, omittingEmptySubsequences: false).prefix(9)
            .map { String(decoding: $0, as: UTF8.self) }
        let compiled: CompiledTemplate
        do {
            compiled = try CompiledTemplate(name: "main", source: parts[0]) { name in
                guard parts.count > 1 else { return nil }
                let hash = name.utf8.reduce(UInt32(2_166_136_261)) { ($0 ^ UInt32($1)) &* 16_777_619 }
                return parts[1 + Int(hash % UInt32(parts.count - 1))]
            }
        } catch { return }
        // Rendering is linear in the plan: keep the run short for plans that hit the budget.
        if compiled.plan.literals.count <= 1 << 16 { _ = compiled.render(templateContext) }
    }

    // MARK: Project loader — a project folder with one fuzzed process file

    static let projectFolder = FileManager.default.temporaryDirectory
        .appendingPathComponent("flowstage-fuzz-project-\(getpid())", isDirectory: true)

    static let project = FuzzTarget(name: "project", setUp: {
        let processes = projectFolder.appendingPathComponent("processes", isDirectory: true)
        try? FileManager.default.createDirectory(at: processes, withIntermediateDirectories: true)
        try? Data(#"{"name": "Fuzz", "languages": ["en", "ro"]}"#.utf8)
            .write(to: projectFolder.appendingPathComponent("project.json"))
    }) { bytes in
        // Foundation on Linux leaks 4 KiB reading an empty file: not ours to find again and again.
        guard !bytes.isEmpty else { return }
        let file = projectFolder.appendingPathComponent("processes/fuzz.json")
        guard (try? Data(bytes).write(to: file)) != nil else { fatalError("cannot write \(file.path)") }
        _ = ProjectLoader(builtInThemes: nil).load(projectFolder)
    }

    // MARK: BPMN 2.0 and form-js models

    static let bpmn = FuzzTarget(name: "bpmn") { bytes in
        _ = BPMNFormat().load([ProjectFile(path: "m.bpmn", bytes: bytes)], context: ImportContext(validators: []))
    }

    // MARK: DMN — read, then every decision evaluated with no inputs (small budgets)

    static let dmn = FuzzTarget(name: "dmn") { bytes in
        let read = DMNFile.read(bytes, path: "m.dmn")
        let environment = FEELEnvironment(now: Date(timeIntervalSince1970: 1_760_000_000), timeZone: TimeZone(identifier: "UTC")!,
                                          maximumSteps: 20_000, maximumListSize: 2_000, maximumStringLength: 20_000)
        let evaluator = DMNEvaluator(environment: environment, limits: DMNLimits(maximumEvaluations: 5_000, maximumCallDepth: 16))
        for model in read.models {
            for decision in model.decisions.prefix(20) {
                _ = evaluator.evaluate(decision: decision.id, in: read.models(for: model), context: [:])
            }
        }
    }

    // MARK: Camunda test cases — every problem is located inside the case it stops

    static let testcases = FuzzTarget(name: "testcases") { bytes in
        guard let value = try? JSONParser.parse(bytes) else { return }
        let file = CamundaTestCaseReader.decode(value, file: "cases.json")
        for testCase in file.cases {
            if let problem = testCase.problem {
                check(problem.pointer.hasPrefix(testCase.pointer.description), "a problem outside its case: \(problem.pointer)")
            }
            for instruction in testCase.instructions {
                check(instruction.pointer.description.hasPrefix(testCase.pointer.description + "/instructions/"),
                      "an instruction outside its case: \(instruction.pointer)")
            }
        }
    }

    // MARK: FEEL, parsed as an expression and as unary tests, evaluated; JUEL, translated and evaluated

    /// Input `source \0 context-json`: the FEEL engine's parser and interpreter, with the
    /// context as FEEL reads JSON and as the server hands it data; a value must survive being
    /// written as FEEL, as JSON and read back.
    static let feel = FuzzTarget(name: "feel") { bytes in
        let (source, context) = split(bytes)
        let text = String(decoding: source, as: UTF8.self)
        let environment = FEELEnvironment(now: Date(timeIntervalSince1970: 1_760_000_000), timeZone: TimeZone(identifier: "UTC")!,
                                          maximumSteps: 20_000, maximumListSize: 2_000, maximumStringLength: 20_000)
        var variables = FEELContext()
        if let context, case .context(let given)? = FEELJSON.read(String(decoding: context, as: UTF8.self)) { variables = given }
        if let expression = try? FEELExpression(text) {
            let value = expression.evaluate(variables, environment: environment).value
            _ = value.literal
            _ = FEELJSON.read(FEELJSON.write(value))
            _ = (expression.readPaths(), expression.comparedConstants, expression.readsClock)
        }
        if let tests = try? FEELExpression(unaryTests: text) {
            _ = tests.evaluate(variables, input: .number(FEELNumber(5)), environment: environment)
        }
        if case .success(let expression) = ModelExpressions.feel(text) {
            _ = expression.evaluate(in: scope)
        }
    }

    static let juel = FuzzTarget(name: "juel") { bytes in
        if case .success(let expression) = ModelExpressions.juel(String(decoding: bytes, as: UTF8.self)) {
            _ = expression.evaluate(in: scope)
        }
    }

    /// The bytes before the first 0 byte, and those after it (nil without one).
    static func split(_ bytes: [UInt8]) -> (ArraySlice<UInt8>, [UInt8]?) {
        guard let zero = bytes.firstIndex(of: 0) else { return (bytes[...], nil) }
        return (bytes[..<zero], Array(bytes[(zero + 1)...]))
    }
}
