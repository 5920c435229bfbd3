import Glibc

/// Binds the listening socket ourselves instead of letting libmicrohttpd
/// do it: only then do we get errno for a precise error message, and
/// `getsockname` for the real port when port 0 was asked for.
struct Listener {
    let fd: Int32
    let port: Int

    /// `port`, else (when it is in use) the next of `nextFreePorts` ports after it, else any
    /// free port; any other failure ends the search at once.
    static func bind(host: String, port: Int, nextFreePorts: Int) throws(HTTPServerError) -> Listener {
        let tries = nextFreePorts > 0 && port > 0 ? Array(port...min(65535, port + nextFreePorts)) + [0] : [port]
        for (index, candidate) in tries.enumerated() {
            do throws(HTTPServerError) {
                return try bind(host: host, port: candidate)
            } catch where error.kind == .portInUse && index + 1 < tries.count {
                continue
            }
        }
        preconditionFailure("the last try returns or throws")
    }

    static func bind(host: String, port: Int, backlog: Int32 = 511) throws(HTTPServerError) -> Listener {
        guard (0...65535).contains(port) else {
            throw HTTPServerError(.invalidPort, "\(port) is not a valid port: pass --port with a number between 1 and 65535")
        }
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, String(port), &hints, &list)
        guard status == 0, let list else {
            let reason = String(cString: gai_strerror(status))
            throw HTTPServerError(.hostNotFound, "host \(host) could not be resolved (\(reason)): pass --host with an IP address such as 127.0.0.1")
        }
        defer { freeaddrinfo(list) }

        // IPv4 first, so "localhost" means 127.0.0.1 as people expect.
        var candidates: [UnsafeMutablePointer<addrinfo>] = []
        var node: UnsafeMutablePointer<addrinfo>? = list
        while let n = node { candidates.append(n); node = n.pointee.ai_next }
        candidates.sort { ($0.pointee.ai_family == AF_INET ? 0 : 1) < ($1.pointee.ai_family == AF_INET ? 0 : 1) }

        var lastErrno: Int32 = 0
        for candidate in candidates {
            let info = candidate.pointee
            let fd = socket(info.ai_family, info.ai_socktype | Int32(SOCK_CLOEXEC.rawValue), info.ai_protocol)
            guard fd >= 0 else { lastErrno = errno; continue }
            var on: Int32 = 1
            // Lets a restarted server bind while old connections sit in TIME_WAIT;
            // on Linux it does not allow two listeners on one port.
            setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &on, socklen_t(MemoryLayout<Int32>.size))
            if info.ai_family == AF_INET6 {
                setsockopt(fd, Int32(IPPROTO_IPV6), IPV6_V6ONLY, &on, socklen_t(MemoryLayout<Int32>.size))
            }
            guard Glibc.bind(fd, info.ai_addr, info.ai_addrlen) == 0, listen(fd, backlog) == 0 else {
                lastErrno = errno
                close(fd)
                continue
            }
            var storage = sockaddr_storage()
            var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
            let named = withUnsafeMutablePointer(to: &storage) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
            }
            guard named == 0 else { lastErrno = errno; close(fd); continue }
            return Listener(fd: fd, port: Int(socketPort(storage)))
        }
        switch lastErrno {
        case EADDRINUSE:
            throw HTTPServerError(.portInUse, "port \(port) on \(host) is in use: pass --port with a free port (or stop the program using it)")
        case EACCES:
            throw HTTPServerError(.permissionDenied, "port \(port) needs administrator rights: pass --port 1024 or higher")
        case EADDRNOTAVAIL:
            throw HTTPServerError(.addressNotAvailable, "\(host) is not an address of this machine: pass --host 127.0.0.1 (or another address this machine has)")
        default:
            throw HTTPServerError(.other, "could not listen on \(host):\(port): \(String(cString: strerror(lastErrno)))")
        }
    }

    private static func socketPort(_ storage: sockaddr_storage) -> UInt16 {
        var copy = storage
        return withUnsafePointer(to: &copy) { pointer in
            if storage.ss_family == sa_family_t(AF_INET6) {
                return pointer.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { UInt16(bigEndian: $0.pointee.sin6_port) }
            }
            return pointer.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { UInt16(bigEndian: $0.pointee.sin_port) }
        }
    }
}
