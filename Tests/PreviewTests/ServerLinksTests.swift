import Testing
@testable import Preview

/// Every link names its instance, action or event as one percent-encoded path segment.
@Suite struct ServerLinkSegments {
    @Test func plainNamesAreKeptAndOthersArePercentEncodedPerSegment() {
        let links = ServerLinks()
        #expect(links.action("9ef3552b-8aa9", "continue") == "/instances/9ef3552b-8aa9/actions/continue")
        #expect(links.action("a b", "é/x") == "/instances/a%20b/actions/%C3%A9%2Fx")
        #expect(links.event("i~1", "go back") == "/instances/i~1/events/go%20back")
        #expect(links.back("i.1_") == "/instances/i.1_/back")
        #expect(links.action("", "") == "/instances//actions/")
    }
}
