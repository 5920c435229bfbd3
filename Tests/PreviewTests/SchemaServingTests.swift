import Foundation
import Testing
import TestSupport
@testable import Preview

/// Schemas/ (issue 25): `GET /schemas/<name>.json` answers with the repository's schema as
/// application/schema+json, cacheable with an ETag; any other name is 404.
@Suite struct SchemaServing {
    static let schemas = RepositoryPaths.root.appendingPathComponent("Schemas")

    @Test func aSchemaIsServedAsSchemaJSONAndMayBeCached() throws {
        let preview = try RunningPreview()
        let reply = try preview.client.get("/schemas/process.json")
        #expect(reply.status == 200)
        #expect(reply.header("Content-Type") == "application/schema+json")
        #expect(reply.header("Cache-Control") == "public, max-age=3600")
        #expect(reply.body == [UInt8](try Data(contentsOf: Self.schemas.appendingPathComponent("process.json"))))
        let etag = try #require(reply.header("ETag"))
        let again = try preview.client.get("/schemas/process.json", headers: [("If-None-Match", etag)])
        #expect(again.status == 304)
        #expect(again.body.isEmpty)
    }

    @Test func everySchemaOfTheRepositoryIsServed() throws {
        let preview = try RunningPreview()
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.schemas.path).filter { $0.hasSuffix(".json") }
        #expect(names.count >= 11)
        for name in names {
            #expect(try preview.client.get("/schemas/\(name)").status == 200, "\(name)")
        }
    }

    @Test func anotherNameIsNotFound() throws {
        let preview = try RunningPreview()
        for path in ["/schemas/nope.json", "/schemas/process", "/schemas/README.md", "/schemas/../project.json",
                     "/schemas/..%2FExamples%2Fproject.json", "/schemas/process.json/x"] {
            #expect(try preview.client.get(path).status == 404, "\(path)")
        }
    }
}
