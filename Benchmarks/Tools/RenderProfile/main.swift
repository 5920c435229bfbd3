import Definitions
import FlowStageRuntime
import Foundation
import Preview
import Rendering

// Renders the benchmark's typical screen in a loop, for profilers that count instructions
// (on a shared machine, wall-clock figures move by tens of percent; instruction counts do not):
//
//   swift build -c release --product RenderProfile
//   valgrind --tool=callgrind --toggle-collect='$s9Rendering8RendererV6screen*' \
//       .build/release/RenderProfile 100
//
// then divide the total by 500 (five rounds of 100). Run alone, it prints the best CPU time
// per render of five rounds. `RenderProfile 1 html` prints the page instead.
// `FIXTURE=typical-bpmn PROCESS=typical-bpmn RenderProfile` renders the same screen imported
// from BPMN and form-js (Benchmarks/Fixtures/typical-bpmn). `PROJECT=Examples SCENARIO=preferences
// STEP=3 RenderProfile` renders the screen a scenario's step shows in any project (a
// `make bench` screen), resolving it each time as a page view does (`ProcessEngine.screen`).

let repository = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
let environment = ProcessInfo.processInfo.environment
let fixture = environment["PROJECT"].map { URL(fileURLWithPath: $0, relativeTo: repository) }
    ?? repository.appendingPathComponent("Benchmarks/Fixtures/" + (environment["FIXTURE"] ?? "typical"))
guard case .success(let project) = ProjectLoader(builtInThemes: repository.appendingPathComponent("Themes")).load(fixture),
      let templates = try? TemplateSet(builtIn: repository.appendingPathComponent("Templates"), project: fixture) else {
    fatalError("The benchmark fixture does not load")
}
let renderer = Renderer(project: project, templates: templates, links: ServerLinks())
let engine = ProcessEngine(project: project, store: MemoryStore<Instance>())
let started: Instance?
if let name = environment["SCENARIO"] {
    guard case .success(let scenarios) = ScenarioLoader.load(fixture, project: project),
          let scenario = scenarios.first(where: { $0.name == name }) else { fatalError("No scenario \(name)") }
    let steps = Int(environment["STEP"] ?? "1").map { $0 - 1 }
    started = ScenarioRunner(project: project).walk(scenario, engine: engine, session: "bench", language: "en", steps: steps).instance
} else {
    started = try? engine.start(process: environment["PROCESS"] ?? "typical", session: "bench")
}
guard let instance = started, let state = engine.screen(instance, language: "en") else { fatalError("The screen did not resolve") }
let resolvesEachTime = environment["SCENARIO"] != nil
let settings = PageSettings(language: "en", theme: "default", appearance: "auto", csrf: "0123456789abcdef")
let count = CommandLine.arguments.count > 1 ? Int(CommandLine.arguments[1]) ?? 10_000 : 10_000

if CommandLine.arguments.dropFirst(2).first == "html" {
    FileHandle.standardOutput.write(Data(renderer.screen(state, settings: settings)))
    exit(0)
}

func cpuSeconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

var bytes = 0
var best = Double.infinity
for _ in 0..<5 {
    let start = cpuSeconds()
    if resolvesEachTime {
        for _ in 0..<count { bytes &+= renderer.screen(engine.screen(instance, language: "en")!, settings: settings).count }
    } else {
        for _ in 0..<count { bytes &+= renderer.screen(state, settings: settings).count }
    }
    best = min(best, (cpuSeconds() - start) / Double(count))
}
print("best CPU time per render: \((best * 1e6 * 10).rounded() / 10) µs (\(bytes / (5 * count)) bytes)")
