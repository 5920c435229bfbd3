import FlowStageRuntime
import Foundation
import PostgresNIO

/// Turns what PostgresNIO or the server said into a `StoreError.failed` a user can act on:
/// "<what failed> (<the URL without password>): <what was said>; <what to check>".
///
/// PSQLError's own `description` is deliberately empty of detail (it could reach end users);
/// this picks the parts that help — the SQLSTATE class, the server's message, the socket error —
/// and never the password.
enum PostgresFailure {
    static func failed(_ what: String, at url: PostgresURL, _ error: any Error) -> StoreError {
        .failed("\(what) (\(url)): \(said(error)); \(advice(error, url: url))")
    }

    /// What went wrong, in a few words.
    static func said(_ error: any Error) -> String {
        if let error = error as? PostgresTimeout { return error.description }
        guard let error = error as? PSQLError else { return "\(error)" }
        if let message = error.serverInfo?[.message] {
            let state = error.serverInfo?[.sqlState].map { " (SQLSTATE \($0))" } ?? ""
            return message + state
        }
        if let underlying = error.underlying { return "\(underlying)" }
        return "\(error.code)"
    }

    private static func advice(_ error: any Error, url: PostgresURL) -> String {
        let place = "\(url.host):\(url.port)"
        if error is PostgresTimeout {
            return "PostgreSQL at \(place) did not answer in time; check that it is running and reachable, then try again"
        }
        guard let error = error as? PSQLError else {
            return "check that PostgreSQL is running at \(place) and accepts connections, then try again"
        }
        if let state = error.serverInfo?[.sqlState] {
            switch state {
            case "28P01", "28000":
                return "check the user and password in the database URL, and pg_hba.conf on the server"
            case "3D000":
                return "create the database first (createdb \(url.database)), or correct the URL"
            case "42501":
                return "grant the user \(url.user) the right to create tables in the database \(url.database)"
            case "53300":
                return "the server has no connection left; raise max_connections or run fewer nodes"
            case "57P01", "57P02", "57P03":
                return "PostgreSQL at \(place) is shutting down or starting up; try again in a moment"
            default:
                return "check the server log of PostgreSQL at \(place)"
            }
        }
        switch error.code {
        case .connectionError:
            return "check that PostgreSQL is running at \(place) and accepts TCP connections (listen_addresses, port, firewall), "
                + "or correct the database URL"
        case .serverClosedConnection, .uncleanShutdown, .clientClosedConnection:
            return "the connection to \(place) was lost (a restart of PostgreSQL?); try again"
        case .sslUnsupported:
            return "the server does not offer TLS; use sslmode=disable or enable ssl on the server"
        case .authMechanismRequiresPassword, .unsupportedAuthMechanism, .saslError:
            return "check the password in the database URL and the authentication method in pg_hba.conf"
        default:
            return "check that PostgreSQL is running at \(place), then try again"
        }
    }
}

/// A query or connection that took longer than the store allows; the connection is closed.
struct PostgresTimeout: Error, CustomStringConvertible {
    let seconds: Int64
    var description: String { "no answer within \(seconds) s" }
}
