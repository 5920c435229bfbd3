import Definitions
import Foundation
import Testing
import TestSupport
@testable import Rendering

/// The models and forms of ../shared/testdata/wild, written outside this project, read where
/// they lie. Without the folder the tests are skipped on a developer's machine and fail under CI=true.
struct WildCorpusTests {
    private static let corpus = CorpusCoverage.corpus

    private static func present() -> Bool {
        guard FileManager.default.fileExists(atPath: corpus.path) else {
            if ProcessInfo.processInfo.environment["CI"] == "true" {
                Issue.record("the wild corpus is missing at \(corpus.path); check out shared/ beside the repository")
            }
            return false
        }
        return true
    }

    private static func files(_ suffixes: [String]) -> [URL] {
        let found = FileManager.default.enumerator(at: corpus, includingPropertiesForKeys: nil)?.compactMap { $0 as? URL } ?? []
        return found.filter { url in suffixes.contains { url.lastPathComponent.lowercased().hasSuffix($0) } }
            .sorted { $0.path < $1.path }
    }

    /// Every form-js form of the corpus: `.form` files, and the form-js specs kept as `.json`.
    private static func forms() -> [URL] {
        files([".form"]) + files([".json"]).filter { $0.path.contains("/formjs/") }
    }

    /// A project folder that shows `form` on its own: it links to the form (a link, not a copy of the corpus).
    private static func project(showing form: URL) throws -> URL {
        let folder = try RepositoryPaths.fixture(["project.json": #"{ "name": "Form", "languages": ["en"] }"#])
        try FileManager.default.createSymbolicLink(at: folder.appendingPathComponent("form.form"), withDestinationURL: form)
        return folder
    }

    /// Every folder that holds a model, loaded as a project of its own.
    @Test func everyModelFolderLoadsOrIsRefusedWithALocatedMessageAndNineInTenLoad() throws {
        guard WildCorpusTests.present() else { return }
        let folders = Set(WildCorpusTests.files([".bpmn", ".bpmn20.xml"]).map { $0.deletingLastPathComponent() }).sorted { $0.path < $1.path }
        #expect(folders.count >= 15)
        var loaded = 0
        for folder in folders {
            switch ModelHarness.load(folder) {
            case .success(let project):
                loaded += 1
                #expect(!project.processes.isEmpty, "\(folder.path) loaded no process")
            case .failure(let failed):
                for error in failed.errors {
                    #expect(error.line != nil || !error.pointer.isEmpty, "\(folder.lastPathComponent): an error without a place: \(error)")
                }
            }
        }
        #expect(Double(loaded) / Double(folders.count) >= 0.9, "\(loaded) of \(folders.count) model folders load")
    }

    /// Every repository folder, as someone would serve it: `flowstage serve <checkout>`.
    @Test func everyRepositoryFolderLoadsOrIsRefusedWithALocatedMessage() throws {
        guard WildCorpusTests.present() else { return }
        let categories = try FileManager.default.contentsOfDirectory(at: WildCorpusTests.corpus, includingPropertiesForKeys: nil)
        for category in categories where category.hasDirectoryPath {
            for repository in try FileManager.default.contentsOfDirectory(at: category, includingPropertiesForKeys: nil) where repository.hasDirectoryPath {
                let models = FileManager.default.enumerator(atPath: repository.path)?.compactMap { $0 as? String }
                    .filter { $0.hasSuffix(".bpmn") || $0.hasSuffix(".bpmn20.xml") || $0.hasSuffix(".form") } ?? []
                guard !models.isEmpty else { continue }   // form-js's own specs are .json: the form test reads them
                if case .failure(let failed) = ModelHarness.load(repository) {
                    #expect(failed.errors.allSatisfy { $0.line != nil || !$0.pointer.isEmpty }, "\(repository.lastPathComponent): \(failed)")
                }
            }
        }
    }

    /// Every form-js form of the corpus (`.form`, and the form-js specs kept as `.json`) shown
    /// on its own: it renders a page with one title, its fields and a submit button.
    @Test func everyFormOfTheCorpusRenders() throws {
        guard WildCorpusTests.present() else { return }
        let forms = WildCorpusTests.forms()
        #expect(forms.count >= 35)
        for form in forms {
            let harness = try ModelHarness(try WildCorpusTests.project(showing: form))
            let process = try #require(harness.project.processes.first, "\(form.path) became no process")
            let page = harness.page(try #require(harness.screen(try harness.start(process.name)), "\(form.lastPathComponent) shows no screen"))
            #expect(page.all("h1").count == 1, "\(form.lastPathComponent)")
            #expect(page.all("button").contains { $0["type"] != "button" || $0["name"] != nil }, "\(form.lastPathComponent) has no submit button")
        }
    }

    /// Every process's first screen in the corpus, and every form shown on its own, is printed
    /// from a plan that compiled its components, twice, as the general path prints it: none is
    /// drawn whole on every request (a list whose rows hold another list included), but on a
    /// screen with what FEEL computes beyond a data path (a table's `columnsExpression`, options
    /// from `concatenate(…)`), which is drawn per view with the components whose ids follow it.
    @Test func everyFirstScreenOfTheCorpusIsPrintedFromAPlan() throws {
        guard WildCorpusTests.present() else { return }
        let folders = Set(WildCorpusTests.files([".bpmn", ".bpmn20.xml", ".form"]).map { $0.deletingLastPathComponent() })
            .sorted { $0.path < $1.path } + (try WildCorpusTests.forms().map(WildCorpusTests.project(showing:)))
        var (screens, components) = (0, 0)
        var whole: [String] = []
        var computedScreens: [String] = []
        for folder in folders {
            guard let harness = try? ModelHarness(folder) else { continue }
            for process in harness.project.processes {
                guard let instance = try? harness.start(process.name), let state = harness.screen(instance) else { continue }
                let settings = PageSettings(language: "en", theme: "default", appearance: "auto", csrf: "token")
                let printing = harness.renderer.printing(state, settings: settings)
                #expect(printing.planned, "\(folder.lastPathComponent)/\(process.name)")
                let general = harness.renderer.generalPath.screen(state, settings: settings)
                for _ in 0..<2 {
                    #expect(harness.renderer.screen(state, settings: settings) == general, "\(folder.lastPathComponent)/\(process.name)")
                }
                screens += 1
                components += state.components.flatMap(\.flattened).count
                let computed = state.components.flatMap(\.flattened).map(\.definition).contains {
                    $0.columnsExpression != nil || ($0.sourceExpression != nil && $0.sourceExpression?.plainFEELPath == nil)
                }
                if computed { computedScreens.append("\(folder.lastPathComponent)/\(process.name)"); continue }
                whole += printing.drawnWhole.map { "\(process.name): \($0.type.rawValue) \($0.key?.description ?? $0.htmlID)" }
            }
        }
        #expect(screens >= 80, "\(screens) first screens")
        #expect(whole.isEmpty, "\(whole.count) of \(components) components drawn whole: \(whole)")
        // form-js's own specs: a table of columnsExpression, a taglist of concatenate(…), and one more.
        #expect(computedScreens.count <= 3, "screens computing beyond a data path: \(computedScreens)")
    }
}
