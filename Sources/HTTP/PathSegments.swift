/// The non-empty `/`-separated pieces of a decoded path: `/instances/42/` is `["instances", "42"]`.
///
/// Split over UTF-8 bytes, not `Character`s: every request is routed (and every static file found) on these, and walking
/// grapheme clusters to find an ASCII `/` was over 1 % of a page view's server time. (A `/`
/// followed by a combining mark therefore still separates; no route has such a segment.)
public enum PathSegments {
    public static func of(_ path: String) -> [String] {
        var path = path
        return path.withUTF8 { bytes in
            var segments: [String] = []
            segments.reserveCapacity(4) // every route has at most four: one allocation, not one per segment
            var start = 0
            for index in 0...bytes.count where index == bytes.count || bytes[index] == 0x2F {
                if index > start {
                    segments.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self))
                }
                start = index + 1
            }
            return segments
        }
    }
}
