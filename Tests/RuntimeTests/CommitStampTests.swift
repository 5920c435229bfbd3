@testable import FlowStageRuntime
import Testing

/// The commit stamp is read from SQLite's wal-index header; a header it does not recognise,
/// or one caught while a commit is being published, gives no stamp (the store then asks SQLite).
@Suite struct CommitStampReading {
    /// Two 48-byte header copies as SQLite lays them out (walformat.html).
    private static func walIndex(version: UInt32 = 3_007_000, initialised: UInt8 = 1, change: UInt32 = 7,
                                 frame: UInt32 = 12, secondChange: UInt32? = nil) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: 136)
        func put(_ value: UInt32, at offset: Int) {
            withUnsafeBytes(of: value) { for (index, byte) in $0.enumerated() { bytes[offset + index] = byte } }
        }
        for (copy, iChange) in [(0, change), (1, secondChange ?? change)] {
            let base = copy * 48
            put(version, at: base)
            put(iChange, at: base + 8)
            bytes[base + 12] = initialised
            put(frame, at: base + 16)
            put(0xfeed_beef, at: base + 24)
        }
        return bytes
    }

    private static func stamp(_ bytes: [UInt8]) -> CommitStamp? {
        bytes.withUnsafeBytes { CommitStamp(walIndex: $0.baseAddress!) }
    }

    @Test func aConsistentHeaderGivesAStampThatChangesWithEachCommit() {
        let before = Self.stamp(Self.walIndex(change: 7, frame: 12))
        #expect(before != nil)
        #expect(before == Self.stamp(Self.walIndex(change: 7, frame: 12)))
        #expect(before != Self.stamp(Self.walIndex(change: 8, frame: 14)))
        #expect(before != Self.stamp(Self.walIndex(change: 7, frame: 13)))
    }

    @Test func copiesThatDifferMeanACommitIsBeingPublishedAndGiveNoStamp() {
        #expect(Self.stamp(Self.walIndex(change: 8, secondChange: 9)) == nil)
    }

    @Test func anUnknownFormatVersionGivesNoStamp() {
        #expect(Self.stamp(Self.walIndex(version: 3_007_001)) == nil)
    }

    @Test func anUninitialisedHeaderGivesNoStamp() {
        #expect(Self.stamp(Self.walIndex(initialised: 0)) == nil)
    }
}
