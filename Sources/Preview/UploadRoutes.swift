import Definitions
import Expressions
import FlowStageRuntime
import Foundation
import HTTP

/// `GET /uploads/{id}` (docs/reference/http.md) and the bridge from the server's multipart files to the runtime.
extension PreviewApp {
    /// The file, only to the session that owns it (404 otherwise, like a foreign instance);
    /// 503 with `Retry-After` when the store cannot be read, like any page whose store failed.
    /// Images are shown inline; everything else is a download, so an uploaded HTML or SVG
    /// file can never run as a page of this server.
    func upload(_ id: String, _ session: Session) -> Response {
        let found: (upload: StoredUpload, bytes: [UInt8])?
        do { found = try engine.uploads.upload(id, session: session.id) } catch .failed(let reason) {
            return storeUnavailable(reason, session)
        } catch {
            return storeUnavailable(error.description, session)
        }
        guard let (upload, bytes) = found else { return notFoundPage(session) }
        let inline = FileType.known.first { $0.mime == upload.contentType }?.isImage ?? false
        var response = Response(status: 200, headers: ["Content-Type": upload.contentType], body: bytes)
        response.headers["Content-Disposition"] = (inline ? "inline" : "attachment") + "; " + Self.fileNameParameters(upload.name)
        response.headers["Cache-Control"] = "private, no-store"
        return response
    }

    /// `filename="…"` with an ASCII fallback, plus RFC 5987 `filename*` for the real name.
    static func fileNameParameters(_ name: String) -> String {
        let fallback = String(name.unicodeScalars.map { scalar -> Character in
            scalar.isASCII && scalar.value >= 0x20 && scalar != "\"" && scalar != "\\" && scalar != "/" && scalar.value != 0x7F ? Character(scalar) : "_"
        })
        var encoded = ""
        for byte in name.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                encoded.unicodeScalars.append(UnicodeScalar(byte))
            default:
                encoded += "%" + (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)
            }
        }
        return "filename=\"\(fallback)\"; filename*=UTF-8''\(encoded)"
    }

    /// The posted form for the runtime: fields and the files the server streamed to disk
    /// (the upload store moves the ones it keeps; the server deletes the rest).
    static func postedForm(_ request: Request) -> PostedForm {
        PostedForm(request.form?.fields ?? [], files: (request.form?.files ?? []).map { file in
            PostedFile(fieldName: file.fieldName, fileName: file.fileName, contentType: file.contentType,
                       size: file.size, source: .temporaryFile(file.temporaryURL))
        })
    }

    /// Whether the body is JSON (`Content-Type: application/json`): start data, CSRF from a member.
    static func isJSON(_ request: Request) -> Bool {
        let type = request.headers["Content-Type"]?.split(separator: ";").first ?? ""
        return type.trimmingCharacters(in: .whitespaces).lowercased() == "application/json"
    }

    /// The CSRF token of a JSON post: the `X-CSRF-Token` header or a `_csrf` member.
    static func jsonCSRF(_ request: Request) -> String? {
        if let header = request.headers["X-CSRF-Token"] { return header }
        guard isJSON(request),
              case .object(let members)? = try? JSONParser.parse(request.body) else { return nil }
        return members["_csrf"]?.stringValue
    }
}
