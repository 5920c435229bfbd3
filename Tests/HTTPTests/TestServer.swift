import Foundation
import Synchronization
@testable import HTTP

/// Remembers every request the handler saw, across worker threads.
final class Recorder: Sendable {
    private let seen = Mutex<[Request]>([])
    /// Bytes of uploaded files, read inside the handler (the server deletes them afterwards).
    private let fileBytes = Mutex<[String: [UInt8]]>([:])

    func record(_ request: Request) {
        seen.withLock { $0.append(request) }
        for file in request.form?.files ?? [] {
            let bytes = (try? Data(contentsOf: file.temporaryURL)).map { [UInt8]($0) } ?? []
            fileBytes.withLock { $0[file.fieldName] = bytes }
        }
    }

    var requests: [Request] { seen.withLock { $0 } }
    var count: Int { seen.withLock { $0.count } }
    func bytes(ofFile field: String) -> [UInt8]? { fileBytes.withLock { $0[field] } }
}

/// A fresh upload folder per test, so leftover files can be counted. Whoever asks for one
/// removes it (`withServer` does, for its configuration), so a test run leaves /tmp as it was.
func temporaryFolder(_ label: String) -> URL {
    FileManager.default.temporaryDirectory
        .appendingPathComponent("fs-http-tests-\(label)-\(UUID().uuidString)", isDirectory: true)
}

func testConfiguration(_ label: String = "t") -> ServerConfiguration {
    var configuration = ServerConfiguration()
    configuration.host = "127.0.0.1"
    configuration.port = 0
    configuration.uploadDirectory = temporaryFolder(label)
    return configuration
}

/// Starts a server on an ephemeral port, runs `body`, stops the server.
func withServer(_ configuration: ServerConfiguration = testConfiguration(),
                handler: (@Sendable (Request) -> Response)? = nil,
                _ body: (HTTPServer, Recorder) throws -> Void) throws {
    let recorder = Recorder()
    let server = HTTPServer(configuration: configuration) { request in
        recorder.record(request)
        return handler?(request) ?? .text(200, "ok \(request.method) \(request.path)")
    }
    try server.start()
    defer {
        server.stop()
        removeUploadFolder(of: configuration)
    }
    try body(server, recorder)
}

/// For tests that start servers themselves: `start()` creates the upload folder even when
/// binding then fails, so call this in a `defer` for every configuration made.
func removeUploadFolder(of configuration: ServerConfiguration) {
    try? FileManager.default.removeItem(at: configuration.uploadDirectory)
}

func filesIn(_ folder: URL) -> [String] {
    (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
}
