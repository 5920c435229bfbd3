import CMicroHTTPD
import Foundation

/// A large response body given to libmicrohttpd without copying it: libmicrohttpd reads it
/// through `read` while it sends (a block at a time) and releases it by `release` once the
/// response is gone. Copying is cheaper for small bodies (a page), so only bodies above
/// `threshold` go this way — uploaded files, which would otherwise be held twice until sent.
final class LargeBody {
    static let threshold = 64 << 10
    /// How much libmicrohttpd asks for at a time.
    static let block = 64 << 10

    let bytes: [UInt8]

    private init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// A response of exactly `bytes.count` bytes (so `Content-Length` is set), or nil if
    /// libmicrohttpd could not make one.
    static func response(_ bytes: [UInt8]) -> OpaquePointer? {
        let box = Unmanaged.passRetained(LargeBody(bytes)).toOpaque()
        guard let created = MHD_create_response_from_callback(UInt64(bytes.count), block, read, box, release) else {
            Unmanaged<LargeBody>.fromOpaque(box).release()
            return nil
        }
        return created
    }

    /// Copies the next part from `position`; -1 (MHD_CONTENT_READER_END_OF_STREAM) past the end.
    private static let read: MHD_ContentReaderCallback = { cls, position, buffer, max in
        guard let cls, let buffer else { return -2 } // MHD_CONTENT_READER_END_WITH_ERROR
        let body = Unmanaged<LargeBody>.fromOpaque(cls).takeUnretainedValue()
        let start = Int(position)
        guard start < body.bytes.count else { return -1 }
        let count = min(max, body.bytes.count - start)
        body.bytes.withUnsafeBytes { bytes in
            UnsafeMutableRawPointer(buffer).copyMemory(from: bytes.baseAddress! + start, byteCount: count)
        }
        return count
    }

    private static let release: MHD_ContentReaderFreeCallback = { cls in
        guard let cls else { return }
        Unmanaged<LargeBody>.fromOpaque(cls).release()
    }
}
