import Definitions
import HTTP

/// `GET /media/{key}` (docs/reference/http.md, docs/reference/media.md): the project's media files, answered from the bytes checked at
/// load — only keys of media.json can be answered, so no path ever leaves `media/`.
struct MediaRoute: Sendable {
    struct Entry: Sendable {
        let body: [UInt8]
        let etag: String
        let type: MediaType
    }

    /// Revalidated every time, like the theme CSS: cheap with ETags, and a preview must show edits.
    static let cacheControl = "no-cache"
    /// An SVG may hold script and links; opened on its own it runs none of them and loads nothing.
    static let svgPolicy = "default-src 'none'; style-src 'unsafe-inline'; sandbox"

    private let entries: [String: Entry]

    init(_ media: [String: MediaItem]) {
        entries = media.mapValues { Entry(body: $0.bytes, etag: ETag.strong(for: $0.bytes), type: $0.type) }
    }

    /// The file for `key`, 304 when `If-None-Match` matches, or nil for an unknown key.
    func response(for key: String, request: Request) -> Response? {
        guard let entry = entries[key] else { return nil }
        var headers: HTTPHeaders = ["ETag": entry.etag, "Cache-Control": Self.cacheControl]
        if entry.type == .svg { headers.add("Content-Security-Policy", Self.svgPolicy) }
        if ETag.matches(ifNoneMatch: request.headers["If-None-Match"], etag: entry.etag) {
            var response = Response.notModified(etag: entry.etag, cacheControl: Self.cacheControl)
            if entry.type == .svg { response.headers.add("Content-Security-Policy", Self.svgPolicy) }
            return response
        }
        headers.add("Content-Type", entry.type.contentType)
        if entry.type == .pdf { headers.add("Content-Disposition", "inline") }
        return Response(status: 200, headers: headers, body: entry.body)
    }
}
