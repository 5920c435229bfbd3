import Foundation
import Testing
import TestSupport

/// `flowstage new DIR` (issue 25): the project it writes validates without a warning, passes
/// its scenario and the audit, and names its schemas; it never writes into a folder that holds
/// something.
/// Runs the `flowstage` binary `swift build` puts beside the test bundle.
@Suite struct NewProject {
    static func flowstage(_ arguments: String...) throws -> FlowStageBinary.Run {
        try FlowStageBinary.run(arguments)
    }

    /// A path for a project that does not exist yet, removed when the tests end.
    static func newFolder() throws -> URL {
        try RepositoryPaths.fixture([:]).appendingPathComponent("starter")
    }

    @Test func aNewProjectValidatesWithoutWarningsAndPassesItsScenarioAndTheAudit() throws {
        let folder = try Self.newFolder()
        let made = try Self.flowstage("new", folder.path, "--theme", "ocean")
        #expect(made.status == 0, "\(made.errors)")
        for next in ["flowstage serve", "flowstage validate", "flowstage test"] {
            #expect(made.output.contains("\(next) \(folder.path)"), "\(made.output)")
        }
        let validated = try Self.flowstage("validate", folder.path)
        #expect(validated.status == 0, "\(validated.errors)")
        #expect(validated.errors.isEmpty, "warnings: \(validated.errors)")
        #expect(validated.output.contains("no errors, 0 warnings"), "\(validated.output)")
        let tested = try Self.flowstage("test", folder.path)
        #expect(tested.status == 0, "\(tested.output)\(tested.errors)")
        #expect(tested.output.contains("1 passed, 0 failed"), "\(tested.output)")
        let audited = try Self.flowstage("audit", folder.path)
        #expect(audited.status == 0, "\(audited.output)\(audited.errors)")
        #expect(audited.output.contains(": 0 violations"), "\(audited.output)")
        let project = try String(contentsOf: folder.appendingPathComponent("project.json"), encoding: .utf8)
        #expect(project.contains(#""theme": "ocean""#))
    }

    @Test func everyFileNamesItsSchemaWhichTheProjectCarries() throws {
        let folder = try Self.newFolder()
        #expect(try Self.flowstage("new", folder.path).status == 0)
        let schemas = RepositoryPaths.root.appendingPathComponent("Schemas")
        let names = try FileManager.default.contentsOfDirectory(atPath: schemas.path).filter { $0.hasSuffix(".json") }
        for name in names {
            #expect(FileManager.default.contents(atPath: folder.appendingPathComponent("schemas/\(name)").path)
                    == FileManager.default.contents(atPath: schemas.appendingPathComponent(name).path), "\(name)")
        }
        let expected = ["project.json": "./schemas/project.json", "processes/contact.json": "../schemas/process.json",
                        "tags/en.json": "../schemas/tags.json", "tags/de.json": "../schemas/tags.json",
                        "scenarios/happy-path.json": "../schemas/scenario.json"]
        for (file, schema) in expected {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            #expect(text.contains(#""$schema": "\#(schema)""#), "\(file)")
        }
        let written = try FileManager.default.subpathsOfDirectory(atPath: folder.path)
            .filter { $0.hasSuffix(".json") && !$0.hasPrefix("schemas/") }
        #expect(Set(written) == Set(expected.keys))
    }

    @Test func aFolderThatHoldsSomethingIsRefusedAndLeftAlone() throws {
        let folder = try RepositoryPaths.fixture(["notes.txt": "mine"])
        let refused = try Self.flowstage("new", folder.path)
        #expect(refused.status != 0)
        #expect(refused.errors.contains("is not empty"), "\(refused.errors)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["notes.txt"])
        let empty = try Self.newFolder()
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        #expect(try Self.flowstage("new", empty.path).status == 0)
    }

    @Test func anUnknownThemeIsRefused() throws {
        let folder = try Self.newFolder()
        let refused = try Self.flowstage("new", folder.path, "--theme", "neon")
        #expect(refused.status != 0)
        #expect(refused.errors.contains("high-contrast"), "\(refused.errors)")
        #expect(!FileManager.default.fileExists(atPath: folder.path))
    }
}
