import Definitions
import FlowStageRuntime
import Foundation
@testable import Preview
import Rendering
import TestSupport
import Testing

/// `flowstage render` walks the example's upload step: the screen after the upload lists the
/// file (a name and size, no link: a static site has no server to serve it).
@Suite struct StaticSiteUploads {
    @Test func theRenderedUploadScreenListsTheUploadedFile() throws {
        let project = try ProjectLoader(builtInThemes: RepositoryPaths.themes).load(RepositoryPaths.examples).get()
        let scenarios = try ScenarioLoader.load(RepositoryPaths.examples, project: project).get()
        let templates = try TemplateSet(builtIn: RepositoryPaths.templates, project: RepositoryPaths.examples)
        let site = StaticSite(project: project, templates: templates, publicFolder: RepositoryPaths.publicFolder, scenarios: scenarios,
                              exploration: nil)
        var documents: [SitePage] = []
        site.forEachPage { page, _ in
            if page.language == "en", page.appearance == "light", page.state?.nodeID == "documents" { documents.append(page) }
        }
        #expect(documents.count == 2)
        let before = HTMLDocument.parse(String(decoding: try #require(documents.first).html, as: UTF8.self))
        let after = HTMLDocument.parse(String(decoding: try #require(documents.last).html, as: UTF8.self))
        #expect(before.all("li").allSatisfy { !$0.hasClass("fs-file") })
        let file = try #require(after.all("li").first { $0.hasClass("fs-file") })
        #expect(file.text.contains("payslip.pdf"))
        #expect(file.all("a").isEmpty)
        let input = try #require(after.element(id: "field-income-proof"))
        #expect(input["type"] == "file")
        #expect(input["accept"] == ".pdf,.png,.jpg,.jpeg")
        #expect(input["aria-describedby"] == "field-income-proof-hint field-income-proof-limits")
        #expect(after.element(id: "field-income-proof-limits")?.text == "PDF, PNG or JPEG, up to 5 MB.")
        #expect(after.all("form").first { $0.hasClass("fs-form") }?["enctype"] == "multipart/form-data")
    }
}
