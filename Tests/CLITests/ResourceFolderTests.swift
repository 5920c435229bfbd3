import Foundation
import Testing
import TestSupport

/// Where FlowStage finds its templates: a `FLOWSTAGE_HOME` that lacks one of its folders is
/// refused with what is missing, not silently passed over for another installation.
struct ResourceFolderTests {
    @Test func aHomeWithoutWordsIsRefusedNamingTheMissingFolder() throws {
        let home = try RepositoryPaths.fixture(["Templates/x.mustache": "", "Public/x.css": "", "Themes/x.json": "{}"])
        let run = try FlowStageBinary.run(["validate", RepositoryPaths.examples.path], environment: ["FLOWSTAGE_HOME": home.path])
        #expect(run.status == 1)
        #expect(run.errors.contains("FLOWSTAGE_HOME is \(home.path), which has no Words/ folder"), "\(run.errors)")
    }
}
