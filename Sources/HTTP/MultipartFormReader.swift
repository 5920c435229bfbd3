import Foundation
import Glibc

/// Turns multipart parts into `FormData`: text fields in memory (bounded by
/// `maxFieldBytes`), file parts streamed to a generated file in the upload
/// folder. Every file it created is listed in `createdFiles`, so the server
/// can delete them when the request is rejected or finished.
struct MultipartFormReader: MultipartSink {
    private let limits: FormLimits
    private let uploadDirectory: URL
    private(set) var form = FormData()
    private(set) var createdFiles: [URL] = []
    private var partCount = 0
    private var current: Part?

    private enum Part {
        case field(name: String, bytes: [UInt8])
        case file(name: String, fileName: String, contentType: String, url: URL, fd: Int32, size: Int)
    }

    init(limits: FormLimits, uploadDirectory: URL) {
        self.limits = limits
        self.uploadDirectory = uploadDirectory
    }

    mutating func beginPart(headers: [(name: String, value: String)]) throws(RequestRejection) {
        partCount += 1
        if partCount > limits.maxFields { throw limits.tooManyFields }
        guard let disposition = headers.first(where: { HTTPHeaders.same($0.name, "Content-Disposition") }) else {
            throw .malformedUpload("The upload was not valid multipart data: a part had no Content-Disposition.")
        }
        let parsed = HeaderParameters(disposition.value)
        guard parsed.value == "form-data", let name = parsed["name"] else {
            throw .malformedUpload("The upload was not valid multipart data: a part was not a named form field.")
        }
        if name.utf8.count > limits.maxFieldBytes { throw limits.fieldTooLong }
        let fileName = parsed["filename"] ?? parsed["filename*"].flatMap(Self.decodeExtendedValue)
        guard let fileName else {
            current = .field(name: name, bytes: [])
            return
        }
        let contentType = headers.first(where: { HTTPHeaders.same($0.name, "Content-Type") })?.value
            ?? "application/octet-stream"
        // The client's name is never part of the path.
        let url = uploadDirectory.appendingPathComponent("upload-\(UUID().uuidString).part", isDirectory: false)
        let fd = open(url.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard fd >= 0 else {
            throw RequestRejection(status: 500, reason: .uploadNotStored, message: "The upload could not be stored on the server (\(String(cString: strerror(errno)))).")
        }
        createdFiles.append(url)
        current = .file(name: name, fileName: fileName, contentType: contentType, url: url, fd: fd, size: 0)
    }

    mutating func partData(_ bytes: UnsafeRawBufferPointer) throws(RequestRejection) {
        switch current {
        case .field(let name, var value):
            if value.count + bytes.count > limits.maxFieldBytes { throw limits.fieldTooLong }
            current = nil // keep `value` uniquely referenced while appending
            value.append(contentsOf: bytes)
            current = .field(name: name, bytes: value)
        case .file(let name, let fileName, let contentType, let url, let fd, let size):
            var offset = 0
            while offset < bytes.count {
                let written = write(fd, bytes.baseAddress! + offset, bytes.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    throw RequestRejection(status: 500, reason: .uploadNotStored, message: "The upload could not be stored on the server (\(String(cString: strerror(errno)))).")
                }
                offset += written
            }
            current = .file(name: name, fileName: fileName, contentType: contentType, url: url, fd: fd, size: size + bytes.count)
        case nil:
            break
        }
    }

    mutating func endPart() throws(RequestRejection) {
        defer { current = nil }
        switch current {
        case .field(let name, let bytes):
            guard let value = String(validating: bytes, as: UTF8.self) else {
                throw .malformedUpload("The form contained text that is not valid UTF-8.")
            }
            form.fields.append((name: name, value: value))
        case .file(let name, let fileName, let contentType, let url, let fd, let size):
            close(fd)
            // Browsers send an empty, unnamed part for a file input left empty.
            if fileName.isEmpty && size == 0 {
                unlink(url.path)
                return
            }
            form.files.append(UploadedFile(fieldName: name, fileName: fileName, contentType: contentType,
                                           size: size, temporaryURL: url))
        case nil:
            break
        }
    }

    /// Closes an open file part (after an error) so its descriptor does not leak.
    mutating func abandon() {
        if case .file(_, _, _, _, let fd, _) = current { close(fd) }
        current = nil
    }

    /// RFC 5987 `UTF-8''percent-encoded`.
    static func decodeExtendedValue(_ value: String) -> String? {
        let parts = value.split(separator: "'", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].lowercased() == "utf-8" else { return nil }
        return URLEncoding.decodeText(Array(parts[2].utf8), plusAsSpace: false)
    }
}
