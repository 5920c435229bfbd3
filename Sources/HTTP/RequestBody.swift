import Foundation

/// Collects one request body as it streams in and enforces the limits:
/// urlencoded forms and other bodies are buffered up to `maxBodyBytes`;
/// `multipart/form-data` goes through the streaming parser, bounded by
/// `maxUploadBytes`, with file parts written straight to disk.
struct RequestBodyReader {
    enum Kind { case raw, urlencoded, multipart }

    let kind: Kind
    private let limit: Int
    private let limits: FormLimits
    private var received = 0
    private var bytes: [UInt8] = []
    private var parser: MultipartParser?
    private var reader: MultipartFormReader?

    /// Chooses the decoding from `Content-Type`; a multipart type without a
    /// usable boundary is rejected here, before any body byte is read.
    init(contentType: String?, configuration: ServerConfiguration) throws(RequestRejection) {
        limits = FormLimits(maxFields: configuration.maxFields, maxFieldBytes: configuration.maxFieldBytes)
        guard let contentType, !contentType.isEmpty else {
            // Every GET: nothing to parse (HeaderParameters was about 1.5 % of a page view).
            kind = .raw
            limit = max(0, configuration.maxBodyBytes)
            return
        }
        let parsed = HeaderParameters(contentType)
        switch parsed.value {
        case "application/x-www-form-urlencoded":
            kind = .urlencoded
            limit = max(0, configuration.maxBodyBytes)
        case "multipart/form-data":
            kind = .multipart
            limit = max(0, configuration.maxUploadBytes)
            guard let boundary = parsed["boundary"], let parser = MultipartParser(boundary: boundary) else {
                throw .malformedUpload("The upload was not valid multipart data: its Content-Type has no valid boundary.")
            }
            self.parser = parser
            reader = MultipartFormReader(limits: limits, uploadDirectory: configuration.uploadDirectory)
        default:
            kind = .raw
            limit = max(0, configuration.maxBodyBytes)
        }
    }

    /// The 413 for this kind of body, e.g. "The form was larger than 1 MiB."
    var tooLarge: RequestRejection {
        switch kind {
        case .urlencoded: .tooLarge(.formTooLarge, limit: limit, "The form was larger than \(describeBytes(limit)).")
        case .multipart: .tooLarge(.uploadTooLarge, limit: limit, "The upload was larger than \(describeBytes(limit)).")
        case .raw: .tooLarge(.bodyTooLarge, limit: limit, "The request body was larger than \(describeBytes(limit)).")
        }
    }

    /// Rejects up front when the announced length is already over the limit.
    func check(contentLength: Int) throws(RequestRejection) {
        if contentLength > limit { throw tooLarge }
    }

    mutating func consume(_ chunk: UnsafeRawBufferPointer) throws(RequestRejection) {
        received += chunk.count
        if received > limit { throw tooLarge }
        if kind == .multipart, var parser, var reader {
            self.parser = nil; self.reader = nil // keep buffers uniquely referenced
            defer { self.parser = parser; self.reader = reader }
            try parser.feed(chunk, into: &reader)
        } else {
            bytes.append(contentsOf: chunk)
        }
    }

    /// The raw body (non-forms) and the decoded form (forms).
    mutating func finish() throws(RequestRejection) -> (body: [UInt8], form: FormData?) {
        switch kind {
        case .raw:
            return (bytes, nil)
        case .urlencoded:
            let fields = try URLEncoding.parseForm(bytes, limits: limits)
            return ([], FormData(fields: fields))
        case .multipart:
            guard let parser, let reader else { return ([], FormData()) }
            try parser.finish()
            return ([], reader.form)
        }
    }

    /// Temp files created so far (kept or not), for cleanup.
    var createdFiles: [URL] { reader?.createdFiles ?? [] }

    /// Stops after an error: closes any open upload file.
    mutating func abandon() {
        reader?.abandon()
        bytes = []
    }
}
