import FlowStageRuntime
import Foundation

/// What `--database postgresql://user[:password]@host[:port]/database[?sslmode=…]` names.
///
/// Parsed here rather than by a library so every mistake gets a message saying what to write.
/// `sslmode` takes `disable` (the default: nodes usually reach their database on a private
/// network or loopback), `prefer` or `require`.
public struct PostgresURL: Sendable, Equatable, CustomStringConvertible {
    public enum TLSMode: String, Sendable { case disable, prefer, require }

    public var host: String
    public var port: Int
    public var user: String
    public var password: String?
    public var database: String
    public var tls: TLSMode

    /// True for a `postgres://` or `postgresql://` URL: how `--database` tells a URL from a file path.
    public static func isURL(_ text: String) -> Bool {
        let lower = text.lowercased()
        return lower.hasPrefix("postgresql://") || lower.hasPrefix("postgres://")
    }

    public init(parsing text: String) throws(StoreError) {
        let form = "postgresql://user[:password]@host[:port]/database"
        guard Self.isURL(text), let components = URLComponents(string: text) else {
            throw .failed("the database URL is not of the form \(form)")
        }
        guard let host = components.host, !host.isEmpty else {
            throw .failed("the database URL names no host; write it as \(form)")
        }
        guard let user = components.user, !user.isEmpty else {
            throw .failed("the database URL names no user; write it as \(form)")
        }
        let database = String(components.path.drop(while: { $0 == "/" }))
        guard !database.isEmpty, !database.contains("/") else {
            throw .failed("the database URL names no database (the path after the host); write it as \(form)")
        }
        var tls = TLSMode.disable
        for item in components.queryItems ?? [] {
            switch item.name {
            case "sslmode":
                guard let mode = item.value.flatMap(TLSMode.init(rawValue:)) else {
                    throw .failed("the database URL's sslmode must be disable, prefer or require, not \(item.value ?? "empty")")
                }
                tls = mode
            default:
                throw .failed("the database URL has an unknown parameter \(item.name); only sslmode is understood")
            }
        }
        // URLComponents keeps IPv6 brackets in `host`; the socket wants the bare address.
        self.host = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        self.port = components.port ?? 5432
        self.user = components.percentEncodedUser?.removingPercentEncoding ?? user
        self.password = components.percentEncodedPassword?.removingPercentEncoding
        self.database = components.percentEncodedPath.dropFirst().removingPercentEncoding ?? database
        self.tls = tls
    }

    /// The URL without its password: what messages and the startup line show.
    public var description: String {
        let shownHost = host.contains(":") ? "[\(host)]" : host
        return "postgresql://\(user)@\(shownHost):\(port)/\(database)"
    }
}
