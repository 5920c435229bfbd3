import Synchronization

/// What every commit to a WAL-mode SQLite file changes, read from the header of its
/// wal-index (the `-shm` file every connection to the file maps): the change counter
/// (`iChange`, incremented by each commit), the last valid frame (`mxFrame`) and that frame's
/// running checksum (`aFrameCksum`). Two equal stamps mean no transaction was committed in
/// between, by any connection or process; together the three fields cannot repeat by chance.
///
/// The layout is SQLite's documented wal-index format (https://sqlite.org/walformat.html,
/// "The WAL-Index Header"), unchanged since 3.7.0. A header this code does not recognise
/// (another version, not initialised, or caught half-written) gives no stamp, and the caller
/// asks SQLite instead; so a change of format costs speed, never correctness.
struct CommitStamp: Equatable, Sendable {
    let change: UInt64
    let frame: UInt64
    let checksum: UInt64

    /// `WALINDEX_MAX_VERSION`: the `iVersion` of every header SQLite has written since 3.7.0.
    private static let knownVersion: UInt32 = 3_007_000
    /// The header is kept twice, 48 bytes each.
    private static let headerSize = 48

    /// The stamp in the wal-index starting at `walIndex`, or nil when it cannot be trusted.
    ///
    /// A committing writer copies its new header into the second copy, then (after a memory
    /// barrier) into the first. Reading the first, then the second, and requiring them equal
    /// is SQLite's own check (`walIndexTryHdr`): unequal copies mean a commit is being
    /// published right now. A commit whose header is not yet published has not finished, so
    /// not seeing it is correct: its writer has not been told it succeeded.
    init?(walIndex: UnsafeRawPointer) {
        let first = Self.fields(walIndex, copy: 0)
        atomicMemoryFence(ordering: .acquiring)
        let second = Self.fields(walIndex, copy: 1)
        guard first == second, first.version == Self.knownVersion, first.initialised == 1 else { return nil }
        self = first.stamp
    }

    private init(change: UInt64, frame: UInt64, checksum: UInt64) {
        self.change = change
        self.frame = frame
        self.checksum = checksum
    }

    private struct Fields: Equatable {
        let version: UInt32
        let initialised: UInt8
        let stamp: CommitStamp
    }

    /// Offsets in a header copy: iVersion 0, iChange 8 (with isInit 12, bigEndCksum 13,
    /// szPage 14 in the same word), mxFrame 16 (with nPage 20), aFrameCksum 24.
    private static func fields(_ walIndex: UnsafeRawPointer, copy: Int) -> Fields {
        let header = walIndex + copy * headerSize
        return Fields(version: header.load(fromByteOffset: 0, as: UInt32.self),
                      initialised: header.load(fromByteOffset: 12, as: UInt8.self),
                      stamp: CommitStamp(change: header.load(fromByteOffset: 8, as: UInt64.self),
                                         frame: header.load(fromByteOffset: 16, as: UInt64.self),
                                         checksum: header.load(fromByteOffset: 24, as: UInt64.self)))
    }
}
