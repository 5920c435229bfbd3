import Foundation
import Testing
import TestSupport
@testable import Preview

/// http.md, "Sessions and security": bad input of any kind gets a clear 4xx, nothing is
/// stored, and the server goes on answering.
@Suite(.serialized) struct HostileInput {
    @Test func tenThousandFieldsAreRefusedWith413AndChangeNothing() throws {
        let preview = try RunningPreview()
        var browser = Browser(preview)
        _ = try browser.get("/")
        let instance = try browser.startLoan()
        let before = try browser.getJSON(instance).value
        let fields = (0..<10_000).map { ("field\($0)", "x") }
        let reply = try browser.post(instance + "/actions/continue", [("_screen", "personal")] + fields)
        #expect(reply.status == 413)
        #expect(try browser.getJSON(instance).value == before, "nothing of the post was stored")
        #expect(try browser.get("/healthz").status == 200)
    }

    @Test func deeplyNestedJSONIsRefusedWith400AndStartsNothing() throws {
        let preview = try RunningPreview()
        var browser = Browser(preview)
        _ = try browser.get("/")
        let body = String(repeating: "{\"a\":", count: 50_000) + "1" + String(repeating: "}", count: 50_000)
        let reply = try preview.client.send(method: "POST", path: "/processes/loan_application/start",
                                            headers: [("Content-Type", "application/json"), ("X-CSRF-Token", browser.csrf ?? ""),
                                                      ("Cookie", browser.cookie ?? "")],
                                            body: Array(body.utf8))
        #expect(reply.status == 400)
        let catalogue = try browser.get("/")
        #expect(!catalogue.html.all("a").contains { $0["href"]?.hasPrefix("/instances/") == true }, "no instance was started")
        #expect(try browser.get("/healthz").status == 200)
    }
}
