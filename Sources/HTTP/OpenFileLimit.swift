import Glibc

/// Every connection is an open file, so `maxConnections` means nothing under a lower
/// open-file limit: accept would fail with EMFILE and libmicrohttpd would stop accepting
/// from everyone. Many systems start processes with a soft limit of 1,024 and a much higher
/// hard one, which a process may raise itself to.
enum OpenFileLimit {
    /// Files kept for everything else: the listening socket, the database, uploads, static
    /// files, the project being watched.
    static let reserve = 128

    /// Raises the soft limit as far as `connections` need (never past the hard limit, never
    /// lowering it) and returns how many connections the limit then allows: `connections`,
    /// or fewer when the hard limit is too low.
    static func connectionsAllowed(_ connections: Int) -> Int {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return connections }
        let wanted = rlim_t(max(0, connections) + reserve)
        if limit.rlim_cur < wanted {
            var raised = limit
            raised.rlim_cur = limit.rlim_max == rlim_t.max ? wanted : min(wanted, limit.rlim_max)
            if setrlimit(Int32(RLIMIT_NOFILE.rawValue), &raised) == 0 { limit = raised }
        }
        // RLIM_INFINITY is all ones.
        guard limit.rlim_cur != rlim_t.max else { return connections }
        return max(1, min(connections, Int(clamping: limit.rlim_cur) - reserve))
    }
}
