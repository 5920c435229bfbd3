import Glibc

/// A self-pipe: the signal handler may only do async-signal-safe things,
/// and `write` is one. Created before the handlers are installed.
private let terminationPipe: [Int32] = {
    var fds: [Int32] = [-1, -1]
    _ = pipe(&fds)
    return fds
}()
private nonisolated(unsafe) var terminationWriteEnd: Int32 = -1

/// Blocks the calling thread until SIGINT or SIGTERM, then returns (used by
/// `flowstage serve` for a clean shutdown). The handlers are reset to the
/// default afterwards, so a second Ctrl-C ends the process at once.
public func waitForTerminationSignal() {
    let fds = terminationPipe
    terminationWriteEnd = fds[1]
    let handler: @convention(c) (Int32) -> Void = { _ in
        var byte: UInt8 = 1
        _ = write(terminationWriteEnd, &byte, 1)
    }
    signal(SIGINT, handler)
    signal(SIGTERM, handler)
    // A parent may have started us with these blocked (a thread of a test runner or a
    // supervisor passes its mask on); unblocked here, Ctrl-C and SIGTERM always stop the server.
    var stopping = sigset_t()
    sigemptyset(&stopping)
    sigaddset(&stopping, SIGINT)
    sigaddset(&stopping, SIGTERM)
    pthread_sigmask(SIG_UNBLOCK, &stopping, nil)
    var byte: UInt8 = 0
    while read(fds[0], &byte, 1) < 0, errno == EINTR {}
    signal(SIGINT, SIG_DFL)
    signal(SIGTERM, SIG_DFL)
}
