import Benchmark
import Definitions
import DMN
import Expressions
import FEEL
import FlowStageRuntime
import Foundation
import Preview
import Rendering

// The goals of issues 3, 5 and 56, measured on the fixture project beside this package
// (Fixtures/typical: 8 inputs with hints, a 30-option select, a 4-option radio group, a checkbox,
// a markdown intro, a 4-step stepper):
//   expression evaluation        — as cheap as possible; it runs for every condition on every page
//   submit, memory store         — goal ≤ 50 µs
//   submit, SQLite store         — goal ≤ 1 ms p99
//   render of the typical screen — goal ≤ 25 µs median
//   FEEL: a simple condition     — goal under a microsecond
//   DMN: a 20-rule decision table with 3 inputs, UNIQUE, evaluated with its trace
//   the page of a task fed by input mappings — as fast as the same page without them

/// The repository this file is in: the fixture, Themes/ and Templates/ are read from it.
private let repository = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
private let fixture = repository.appendingPathComponent("Benchmarks/Fixtures/typical")

private func loadProject() -> Project {
    switch ProjectLoader(builtInThemes: repository.appendingPathComponent("Themes")).load(fixture) {
    case .success(let project): return project
    case .failure(let errors): fatalError("The benchmark fixture does not load: \(errors)")
    }
}

/// A valid post of every field of the typical screen.
private let validForm = PostedForm([
    ("_screen", "about"),
    ("client.firstName", "Ana"), ("client.lastName", "Popescu"), ("client.email", "ana@example.org"),
    ("client.phone", "+40 721 000 000"), ("client.street", "Strada Lungă 12"), ("client.city", "Brașov"),
    ("client.postcode", "500001"), ("client.income", "2400"), ("client.country", "ro22"),
    ("loan.term", "24"), ("client.consent", "true"),
])

/// Starts an instance (not measured) and measures one submit of the typical screen.
private func measureSubmit(_ benchmark: Benchmark, engine: ProcessEngine) throws {
    for _ in benchmark.scaledIterations {
        let instance = try engine.start(process: "typical", session: "bench")
        benchmark.startMeasurement()
        let result = try engine.perform(action: "continue", on: instance.id, session: "bench", form: validForm, language: "en")
        benchmark.stopMeasurement()
        guard case .applied = result else { fatalError("The typical submit was refused: \(result)") }
    }
}

/// A SQLite store in a temporary folder, opened on first use.
private final class SQLiteFile: @unchecked Sendable {
    private let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flowstage-bench-\(UUID().uuidString)")
    private var opened: SQLiteStore?
    private let lock = NSLock()

    func store() throws -> SQLiteStore {
        try lock.withLock {
            if let opened { return opened }
            let store = try SQLiteStore(path: folder.appendingPathComponent("flowstage.sqlite").path)
            opened = store
            return store
        }
    }

    func remove() {
        lock.withLock {
            try? opened?.close()
            opened = nil
            try? FileManager.default.removeItem(at: folder)
        }
    }
}

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(metrics: [.wallClock, .mallocCountTotal, .throughput],
                                           maxDuration: .seconds(5), maxIterations: 100_000)
    let project = loadProject()

    let condition = try! Expression("client.income * 12 > 20000 && contains(lower(client.email), \"@example\") && len(client.firstName) > 0")
    let data: JSONValue = ["client": ["income": 2400, "email": "Ana@Example.org", "firstName": "Ana"]]
    Benchmark("Expression: evaluate a three-part condition") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(condition.evaluate(data: data))
        }
    }

    // FEEL on the engine, as the server runs a Camunda model's (the data as JSON), beside the
    // FlowStage expression that FEEL was translated into before the FEEL engine (issue 56).
    let loan: JSONValue = ["amount": 9000, "approved": true]
    let orders: JSONValue = ["orders": .array((0..<100).map { index in
        ["id": .number(Double(index)), "price": .number(Double(index % 17) * 7.5), "paid": .bool(index % 3 != 0)]
    })]
    let pairs: [(name: String, feel: String, translated: String, data: JSONValue)] = [
        ("a simple condition", "amount > 1000 and approved", "amount > 1000 && approved", loan),
        ("a 10-entry context",
         "{a: amount * 12, b: a * 0.02, c: a * 0.19, d: a + b + c, e: d > 100000, f: if e then 0.05 else 0.03, g: d * f, h: d + g, i: h / 12, j: round half up(i, 2)}.j",
         "round(((((amount * 12) + ((amount * 12) * 0.02) + ((amount * 12) * 0.19)) + (((amount * 12) + ((amount * 12) * 0.02) + ((amount * 12) * 0.19)) * ((((amount * 12) + ((amount * 12) * 0.02) + ((amount * 12) * 0.19)) > 100000) ? 0.05 : 0.03))) / 12), 2)",
         loan),
        ("a filter over 100 items", "count(orders[item.price > 50 and item.paid])", "len(filter(orders, $item.price > 50 && $item.paid))", orders),
    ]
    for pair in pairs {
        let feel = try! Expression(feel: pair.feel)
        let translated = try! Expression(pair.translated)
        guard feel.evaluate(data: pair.data) == translated.evaluate(data: pair.data) else {
            fatalError("\(pair.name): FEEL gives \(feel.evaluate(data: pair.data)), the translation \(translated.evaluate(data: pair.data))")
        }
        Benchmark("FEEL: \(pair.name)") { benchmark in
            for _ in benchmark.scaledIterations { blackHole(feel.evaluate(data: pair.data)) }
        }
        Benchmark("FEEL: \(pair.name), as translated before the engine") { benchmark in
            for _ in benchmark.scaledIterations { blackHole(translated.evaluate(data: pair.data)) }
        }
    }

    // A decision table as Camunda models write them: 3 inputs (a number, a string, a boolean),
    // 20 rules of ranges and lists, the matching rule near the end.
    let table = DMNFile.read(Array(twentyRuleTable.utf8), path: "bench.dmn")
    guard table.errors.isEmpty, let tableModel = table.models.first else { fatalError("The benchmark table does not load: \(table.errors)") }
    let models = table.models(for: tableModel)
    let evaluator = DMNEvaluator()
    let inputs: [String: FEELValue] = ["amount": .number(9_500), "category": .string("travel"), "urgent": .bool(true)]
    guard case .success(let checked) = evaluator.evaluate(decision: "approval", in: models, context: inputs),
          checked.value.stringValue == "rule 19" else { fatalError("The benchmark table gives the wrong rule") }
    Benchmark("DMN: a 20-rule decision table with 3 inputs") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(evaluator.evaluate(decision: "approval", in: models, context: inputs))
        }
    }

    Benchmark("Submit the typical screen, memory store") { benchmark in
        try measureSubmit(benchmark, engine: ProcessEngine(project: project, store: MemoryStore<Instance>()))
    }

    // One file for every run, as a server has: opening a new file (and its migrations) is
    // not what is measured. Opened by the first run, removed by the teardown.
    let database = SQLiteFile()
    Benchmark("Submit the typical screen, SQLite store", closure: { benchmark in
        try measureSubmit(benchmark, engine: ProcessEngine(project: project, store: try database.store().instances))
    }, teardown: { database.remove() })

    let templates = try! TemplateSet(builtIn: repository.appendingPathComponent("Templates"), project: fixture)
    let renderer = Renderer(project: project, templates: templates, links: ServerLinks())
    let engine = ProcessEngine(project: project, store: MemoryStore<Instance>())
    let instance = try! engine.start(process: "typical", session: "bench")
    guard let state = engine.screen(instance, language: "en") else { fatalError("The typical screen did not resolve") }
    let settings = PageSettings(language: "en", theme: "default", appearance: "auto", csrf: "0123456789abcdef")
    Benchmark("Render the typical screen") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(renderer.screen(state, settings: settings))
        }
    }

    // Issue 57: the page of a task that input mappings feed, after a service task that
    // answered with example data through output mappings, against the same page unmapped.
    for mapped in [true, false] {
        let (mappedEngine, mappedRenderer, mappedInstance) = mappedTaskPage(mapped: mapped)
        Benchmark(mapped ? "Show the page of a task with input mappings, after a mapped task" : "Show the same page without mappings") { benchmark in
            for _ in benchmark.scaledIterations {
                guard let screen = mappedEngine.screen(mappedInstance, language: "en") else { fatalError("The mapped page did not resolve") }
                blackHole(mappedRenderer.screen(screen, settings: settings))
            }
        }
    }
}

/// A Camunda 8 model: a service task answering with example data (output mappings when
/// `mapped`) before a user task whose form shows three values (input mappings when `mapped`,
/// else the same values set by the service).
private func mappedTaskPage(mapped: Bool) -> (ProcessEngine, Renderer, Instance) {
    let io = mapped ? """
        <zeebe:ioMapping><zeebe:output source="=offer.rate" target="rate"/><zeebe:output source="=offer.term" target="term"/></zeebe:ioMapping>
        """ : ""
    let example = mapped ? #"{&quot;offer&quot;: {&quot;rate&quot;: 4.5, &quot;term&quot;: 24}}"# : #"{&quot;rate&quot;: 4.5, &quot;term&quot;: 24, &quot;monthly&quot;: 451.3, &quot;label&quot;: &quot;Rate 4.5&quot;}"#
    let inputs = mapped ? """
        <zeebe:ioMapping><zeebe:input source="=round half up(amount * (1 + rate / 100) / term, 2)" target="monthly"/>
          <zeebe:input source="=&quot;Rate &quot; + string(rate)" target="label"/></zeebe:ioMapping>
        """ : ""
    let model = """
    <?xml version="1.0" encoding="UTF-8"?>
    <bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:zeebe="http://camunda.org/schema/zeebe/1.0" id="d">
      <bpmn:process id="offer" name="Offer" isExecutable="true">
        <bpmn:startEvent id="s"/>
        <bpmn:serviceTask id="price"><bpmn:extensionElements><zeebe:taskDefinition type="price"/>\(io)
          <zeebe:properties><zeebe:property name="camundaModeler:exampleOutputJson" value="\(example)"/></zeebe:properties>
        </bpmn:extensionElements></bpmn:serviceTask>
        <bpmn:userTask id="show"><bpmn:extensionElements><zeebe:formDefinition formId="offer"/>\(inputs)</bpmn:extensionElements></bpmn:userTask>
        <bpmn:endEvent id="e"/>
        <bpmn:sequenceFlow id="f0" sourceRef="s" targetRef="price"/><bpmn:sequenceFlow id="f1" sourceRef="price" targetRef="show"/>
        <bpmn:sequenceFlow id="f2" sourceRef="show" targetRef="e"/>
      </bpmn:process>
    </bpmn:definitions>
    """
    let form = #"""
    { "id": "offer", "type": "default", "components": [
      { "type": "text", "text": "# Your offer\n{{label}}: {{monthly}} a month for {{term}} months." },
      { "type": "number", "key": "amount", "label": "Amount" },
      { "type": "checkbox", "key": "accepted", "label": "I accept the offer" } ] }
    """#
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flowstage-bench-mapped-\(UUID().uuidString)")
    try! FileManager.default.createDirectory(at: folder.appendingPathComponent("forms"), withIntermediateDirectories: true)
    try! model.write(to: folder.appendingPathComponent("offer.bpmn"), atomically: true, encoding: .utf8)
    try! form.write(to: folder.appendingPathComponent("forms/offer.form"), atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: folder) }
    let project: Project
    switch ProjectLoader(builtInThemes: repository.appendingPathComponent("Themes")).load(folder) {
    case .success(let loaded): project = loaded
    case .failure(let errors): fatalError("The mapped benchmark model does not load: \(errors)")
    }
    let engine = ProcessEngine(project: project, store: MemoryStore<Instance>())
    let instance = try! engine.start(process: "offer", session: "bench", seed: ["amount": 10_000])
    let renderer = Renderer(project: project, templates: try! TemplateSet(builtIn: repository.appendingPathComponent("Templates"), project: folder),
                            links: ServerLinks())
    return (engine, renderer, instance)
}

/// Rules 1–18 miss (their amount ranges are below 9,000); rule 19 matches; rule 20 is the fallback.
private let twentyRuleTable: String = {
    var rules = ""
    for index in 1...18 {
        let low = (index - 1) * 500
        rules += """
            <rule id="r\(index)"><inputEntry><text>[\(low)..\(low + 500))</text></inputEntry>
              <inputEntry><text>"travel","office"</text></inputEntry><inputEntry><text>\(index % 2 == 0)</text></inputEntry>
              <outputEntry><text>"rule \(index)"</text></outputEntry></rule>

        """
    }
    rules += """
        <rule id="r19"><inputEntry><text>&gt;= 9000</text></inputEntry><inputEntry><text>"travel"</text></inputEntry><inputEntry><text>true</text></inputEntry>
          <outputEntry><text>"rule 19"</text></outputEntry></rule>
        <rule id="r20"><inputEntry><text>&gt;= 9000</text></inputEntry><inputEntry><text>not("travel")</text></inputEntry><inputEntry><text>-</text></inputEntry>
          <outputEntry><text>"rule 20"</text></outputEntry></rule>

    """
    return """
    <definitions xmlns="https://www.omg.org/spec/DMN/20230324/MODEL/" namespace="urn:bench" name="bench">
      <decision id="approval" name="approval">
        <decisionTable hitPolicy="UNIQUE">
          <input label="Amount"><inputExpression typeRef="number"><text>amount</text></inputExpression></input>
          <input label="Category"><inputExpression typeRef="string"><text>category</text></inputExpression></input>
          <input label="Urgent"><inputExpression typeRef="boolean"><text>urgent</text></inputExpression></input>
          <output name="result" typeRef="string"/>
    \(rules)
        </decisionTable>
      </decision>
    </definitions>
    """
}()
