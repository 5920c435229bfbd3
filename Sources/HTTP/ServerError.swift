/// An error the server answers by itself, before any handler runs (a limit, a body it cannot
/// read), as a page builder sees it: what happened as a reason with its limit, so the page can
/// be worded in any language, and the server's own English sentence.
public struct ServerError: Sendable, Equatable {
    public enum Reason: String, Sendable, CaseIterable {
        /// 413: a form (urlencoded) over its size limit (`limit` in bytes).
        case formTooLarge
        /// 413: a multipart upload over its size limit (`limit` in bytes).
        case uploadTooLarge
        /// 413: another body over its size limit (`limit` in bytes).
        case bodyTooLarge
        /// 413: more form fields than allowed (`limit` fields).
        case tooManyFields
        /// 413: one field longer than allowed (`limit` in bytes).
        case fieldTooLong
        /// 400: an upload that is not valid multipart data.
        case malformedUpload
        /// 400: a request, address or form that cannot be read.
        case malformedRequest
        /// 408: a body arriving slower than the floor (`limit` in bytes a second).
        case bodyTooSlow
        /// 503: too many requests from one address at once.
        case busy
        /// 500: an upload the server could not keep.
        case uploadNotStored
    }

    public let status: Int
    public let reason: Reason
    /// The limit the reason names, when it names one.
    public let limit: Int?
    /// The server's English sentence, with the detail a log needs.
    public let message: String

    public init(status: Int, reason: Reason, limit: Int? = nil, message: String) {
        self.status = status; self.reason = reason; self.limit = limit; self.message = message
    }
}
