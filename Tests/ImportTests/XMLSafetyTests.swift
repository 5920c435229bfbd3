import Definitions
import Foundation
import Testing
import TestSupport

/// Models come from anywhere: a hostile file is refused with a located message, never expanded.
struct XMLSafetyTests {
    private let project = #"{ "name": "Models", "languages": ["en"] }"#

    @Test func aDocumentTypeDeclarationIsRefusedSoNoExternalEntityIsFetched() throws {
        let xxe = """
        <?xml version="1.0"?>
        <!DOCTYPE definitions [ <!ENTITY secret SYSTEM "file:///etc/passwd"> ]>
        <definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL"><process id="p" isExecutable="true">
        <startEvent id="s"><documentation>&secret;</documentation></startEvent></process></definitions>
        """
        let errors = try ModelHarness.errors(["project.json": project, "xxe.bpmn": xxe])
        let error = try #require(errors.first { $0.file == "xxe.bpmn" })
        #expect(error.message.contains("document type declaration"))
        #expect(error.line == 2 && error.column == 1)
    }

    @Test func entityExpansionIsRefusedBeforeAnythingIsExpanded() throws {
        var laughs = "<!DOCTYPE lolz [ <!ENTITY lol \"lol\">"
        for level in 1...9 { laughs += " <!ENTITY lol\(level) \"" + String(repeating: "&lol\(level - 1 == 0 ? "" : String(level - 1));", count: 10) + "\">" }
        laughs += " ]>"
        let bomb = "<?xml version=\"1.0\"?>\n\(laughs)\n<definitions xmlns=\"http://www.omg.org/spec/BPMN/20100524/MODEL\">&lol9;</definitions>"
        let errors = try ModelHarness.errors(["project.json": project, "bomb.bpmn": bomb])
        #expect(errors.contains { $0.file == "bomb.bpmn" && $0.message.contains("document type declaration") })
    }

    // Found by `make fuzz`: an attribute name that is not UTF-8 made FoundationXML trap, ending the server.
    @Test func aModelThatIsNotUTF8IsRefusedWithItsPlace() throws {
        let cases: [[UInt8]] = [
            Array("<definitions xmlns=\"http://www.omg.org/spec/BPMN/20100524/MODEL\">\n<process id=\"p\" a".utf8) + [0xFF] + Array("=\"1\"/></definitions>".utf8),
            Array("<?xml version=\"1.0\" encoding=\"UTF-16\"?>\n<a xmlns:p=\"u\" p:b".utf8) + [0xFF, 0xFF] + Array("=\"1\"/>".utf8),
        ]
        for bytes in cases {
            let imported = BPMNFormat().load([ProjectFile(path: "m.bpmn", bytes: bytes)], context: ImportContext(validators: []))
            let error = try #require(imported.errors.first)
            #expect(error.message.contains("is not UTF-8 text"), "\(error)")
            #expect(error.line == 2, "\(error)")
        }
        // An alias iconv reads as UTF-8 (`make fuzz`: FoundationXML trapped on the byte in a name).
        let alias = Array("<?xml version=\"1.0\" encoding=\"UTF*8\"?>\n<a xmlns".utf8) + [0xC9] + Array("b=\"u\"/>".utf8)
        let refused = BPMNFormat().load([ProjectFile(path: "m.bpmn", bytes: alias)], context: ImportContext(validators: []))
        let aliasError = try #require(refused.errors.first)
        #expect(aliasError.message.contains("is not UTF-8 text"), "\(aliasError)")
        #expect(aliasError.line == 2 && aliasError.column == 9, "\(aliasError)")
        // A declared single-byte encoding is libxml2's to transcode.
        let latin1 = Array("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>\n<a b=\"".utf8) + [0xE9] + Array("\"/>".utf8)
        let imported = BPMNFormat().load([ProjectFile(path: "m.bpmn", bytes: latin1)], context: ImportContext(validators: []))
        #expect(!imported.errors.contains { $0.message.contains("UTF-8") })
    }

    @Test func anUndeclaredEntityIsALocatedWellFormednessError() throws {
        let model = bpmn(#"<bpmn:startEvent id="s" name="Tom &amp; &jerry;" />"#)
        let error = try #require(try ModelHarness.errors(["project.json": project, "m.bpmn": model]).first)
        #expect(error.message.contains("not well-formed") && error.message.contains("entity"))
        #expect(error.line == 5)
    }

    @Test func nestingDeeperThanTheLimitIsRefused() throws {
        let deep = String(repeating: "<bpmn:extensionElements>", count: 300) + String(repeating: "</bpmn:extensionElements>", count: 300)
        let errors = try ModelHarness.errors(["project.json": project, "deep.bpmn": bpmn(deep)])
        #expect(errors.contains { $0.file == "deep.bpmn" && $0.message.contains("more than 256 deep") && $0.line != nil })
    }

    @Test func aModelOverTenMegabytesIsRefusedWithItsSize() throws {
        let padding = "<!--" + String(repeating: "x", count: 10 << 20) + "-->"
        let errors = try ModelHarness.errors(["project.json": project, "big.bpmn": bpmn(padding)])
        #expect(errors.contains { $0.file == "big.bpmn" && $0.message.contains("at most 10485760 bytes") })
    }

    @Test func aFileThatIsNotXMLIsALocatedErrorAndOtherFilesAreStillChecked() throws {
        let errors = try ModelHarness.errors(["project.json": project, "a.bpmn": "<definitions", "b.bpmn": bpmn("<bpmn:task />")])
        #expect(errors.contains { $0.file == "a.bpmn" && $0.message.contains("not well-formed") && $0.line != nil })
        #expect(errors.contains { $0.file == "b.bpmn" && $0.message.contains("has no id") })
    }

    @Test func namespacesAreMatchedByURINotByPrefix() throws {
        let prefixed = bpmn(#"<bpmn:startEvent id="s"><bpmn:outgoing>f</bpmn:outgoing></bpmn:startEvent><bpmn:userTask id="t" name="Check"/><bpmn:sequenceFlow id="f" sourceRef="s" targetRef="t"/>"#)
        let unprefixed = """
        <definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:bpmn="urn:not-bpmn" id="d">
          <process id="plain" isExecutable="true"><startEvent id="s"/><userTask id="t" name="Check"/><sequenceFlow id="f" sourceRef="s" targetRef="t"/></process>
          <bpmn:process id="impostor" />
        </definitions>
        """
        let harness = try ModelHarness(["project.json": project, "a.bpmn": prefixed, "b.bpmn": unprefixed])
        #expect(harness.project.processes.map(\.name).sorted() == ["claim", "plain"])
    }
}
