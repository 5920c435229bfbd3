import CMicroHTTPD
import Foundation

/// Everything one request accumulates between libmicrohttpd's calls.
///
/// Created by the URI-log callback (which sees the raw request-target),
/// kept alive through `*con_cls` with a retained `Unmanaged`, and released
/// in the request-completed callback, which also deletes upload files the
/// handler did not move away. Only the connection's own thread touches it.
final class RequestState {
    let rawTarget: [UInt8]
    /// Set once the first access-handler call (headers complete) has been seen.
    var headersSeen = false
    /// Set once a response has been queued; later calls only drain data.
    var answered = false
    var method = ""
    var target: RequestTarget?
    var headers = HTTPHeaders()
    var body: RequestBodyReader?
    var rejection: RequestRejection?
    /// Body bytes thrown away after a rejection; past a bound the connection is dropped.
    var discardedBytes = 0
    /// Who sent it: the socket peer, or the client a trusted proxy names in `X-Forwarded-For`.
    var client: IPAddress?
    /// What this request counts against while it is in progress (only requests through a
    /// trusted proxy are counted one by one); released when it completes.
    var countedGroup: AddressGroup?
    /// When the headers were complete, and the body bytes since: for the body rate floor.
    var bodyStart: ContinuousClock.Instant?
    var bodyBytes = 0
    /// Upload files to delete when the request completes.
    var filesToDelete: [URL] = []

    init(rawTarget: [UInt8]) {
        self.rawTarget = rawTarget
    }

    /// Records a rejection (first one wins) and deletes its temp files now:
    /// nothing of a rejected request is kept.
    func reject(_ rejection: RequestRejection) {
        if self.rejection == nil { self.rejection = rejection }
        body?.abandon()
        deleteFiles()
    }

    func deleteFiles() {
        // Runs for every request; only uploads have files, so the rest allocate nothing here.
        if let created = body?.createdFiles, !created.isEmpty {
            for url in created { unlink(url.path) } // ENOENT when the handler moved it: fine
        }
        guard !filesToDelete.isEmpty else { return }
        for url in filesToDelete { unlink(url.path) }
        filesToDelete = []
    }
}
