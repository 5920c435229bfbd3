import Foundation

/// Where `serve` keeps a project's SQLite file, uploads and analytics log when not told
/// otherwise: in the user's data folder (XDG), one folder per project, so a Modeler folder
/// under git never gains files it did not ask for.
enum DataFolder {
    /// `$XDG_DATA_HOME/flowstage/projects/<folder name>-<hash of its path>`, the data home
    /// defaulting to `~/.local/share`. The hash keeps two projects of the same name apart; the
    /// name keeps the folder findable by a person.
    static func forProject(_ project: URL, environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        let path = project.standardizedFileURL.resolvingSymlinksInPath().path
        return dataHome(environment: environment)
            .appendingPathComponent("flowstage", isDirectory: true)
            .appendingPathComponent("projects", isDirectory: true)
            .appendingPathComponent("\(readableName(of: path))-\(fingerprint(of: path))", isDirectory: true)
    }

    /// The XDG base directory rule: an absolute `XDG_DATA_HOME`, else `~/.local/share`.
    static func dataHome(environment: [String: String]) -> URL {
        if let value = environment["XDG_DATA_HOME"], value.hasPrefix("/") {
            return URL(fileURLWithPath: value, isDirectory: true)
        }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? FileManager.default.homeDirectoryForCurrentUser.path
        return URL(fileURLWithPath: home, isDirectory: true).appendingPathComponent(".local/share", isDirectory: true)
    }

    /// The folder that older versions used inside the project, reported when it still holds data.
    static func legacy(in project: URL) -> URL {
        project.standardizedFileURL.appendingPathComponent(".flowstage", isDirectory: true)
    }

    /// The last path component with anything but letters, digits, `-`, `_` and `.` made `_`.
    private static func readableName(of path: String) -> String {
        let last = (path as NSString).lastPathComponent
        let name = String(last.unicodeScalars.prefix(40).map {
            CharacterSet.alphanumerics.contains($0) || "-_.".unicodeScalars.contains($0) ? Character($0) : "_"
        })
        return name.isEmpty || name.allSatisfy({ $0 == "." }) ? "project" : name
    }

    /// FNV-1a over the path's bytes, 12 hex digits: stable across runs and machines (Swift's
    /// `Hasher` is seeded per process).
    private static func fingerprint(of path: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in path.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        return String((String(repeating: "0", count: max(0, 16 - hex.count)) + hex).prefix(12))
    }
}
