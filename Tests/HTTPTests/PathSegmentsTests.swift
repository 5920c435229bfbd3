import Testing
import HTTP

@Suite struct Routing {
    @Test func aPathIsRoutedOnItsNonEmptySlashSeparatedSegments() {
        #expect(PathSegments.of("/instances/42") == ["instances", "42"])
        #expect(PathSegments.of("//instances//42/") == ["instances", "42"])
        #expect(PathSegments.of("/") == [])
        #expect(PathSegments.of("") == [])
        #expect(PathSegments.of("/gallery/café") == ["gallery", "café"])
    }
}
