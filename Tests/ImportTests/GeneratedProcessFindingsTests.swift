@testable import Definitions
import Testing

/// What the JSON decoder finds in the process FlowStage generates from a model is told at the
/// model's element (docs/reference/bpmn.md, "Problem lines").
struct GeneratedProcessFindingsTests {
    /// The model's one user task, as the importer's node 0.
    private func origins() throws -> [Int: FlowElement] {
        let xml = bpmn(#"<bpmn:userTask id="Task_review" name="Review"/>"#)
        let root = try XMLTreeReader.read(Array(xml.utf8)).get()
        var reader = BPMNReader(file: "claim.bpmn")
        let task = try #require(reader.read(root).first?.elements.first { $0.id == "Task_review" })
        return [0: task]
    }

    @Test func anErrorInTheGeneratedProcessSaysTheElementCouldNotBeMapped() throws {
        let found = LoadError(file: "claim.bpmn", pointer: "/nodes/0/next", message: "no node has the id \"Task_x\"")
        let placed = BPMNFormat.relocate(found, isError: true, origins: try origins())
        #expect(placed.pointer == "/Task_review")
        #expect(placed.line == 5)
        #expect(placed.message == "FlowStage could not map this element: no node has the id \"Task_x\" (at /nodes/0/next of the generated process)")
    }

    @Test func aWarningInTheGeneratedProcessKeepsTheDecodersWordsAtTheElement() throws {
        let found = LoadError(file: "claim.bpmn", pointer: "/nodes/0/screen/2/action", message: "this button is outside the rows of its list")
        let placed = BPMNFormat.relocate(found, isError: false, origins: try origins())
        #expect(placed.pointer == "/Task_review")
        #expect(placed.message == "this button is outside the rows of its list (at /nodes/0/screen/2/action of the generated process)")
        #expect(!placed.message.contains("could not map"))
    }

    @Test func aFindingOutsideTheNodesStaysWhereTheDecoderPutIt() throws {
        let found = LoadError(file: "claim.bpmn", pointer: "/data", message: "data must be an object")
        #expect(BPMNFormat.relocate(found, isError: true, origins: try origins()) == found)
    }
}
