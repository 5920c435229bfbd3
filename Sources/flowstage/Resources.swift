import ArgumentParser
import Foundation

/// Finds the folder holding `Templates/`, `Public/`, `Themes/`, `Words/` and `Schemas/`: the
/// `FLOWSTAGE_HOME` variable, else `../share/flowstage` beside the executable (an installed
/// package, wherever its tree was unpacked), else the checkout the executable was built in,
/// else the current directory.
enum Resources {
    static func locate() throws -> URL {
        var candidates: [URL] = []
        if let home = ProcessInfo.processInfo.environment["FLOWSTAGE_HOME"] {
            // A home that lacks a folder is refused, not passed over for another installation.
            let url = URL(fileURLWithPath: home)
            let missing = folders.filter { !FileManager.default.fileExists(atPath: url.appendingPathComponent($0).path) }
            guard missing.isEmpty else {
                FileHandle.standardError.write(Data("flowstage: FLOWSTAGE_HOME is \(url.path), which has no \(missing.map { $0 + "/" }.joined(separator: ", ")) folder\(missing.count == 1 ? "" : "s"); point it at a FlowStage checkout (Templates/, Public/, Themes/ and Words/), or unset it\n".utf8))
                throw ExitCode.failure
            }
            candidates.append(url)
        }
        if let executable = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            var folder = URL(fileURLWithPath: executable).deletingLastPathComponent()
            candidates.append(folder.deletingLastPathComponent().appendingPathComponent("share/flowstage", isDirectory: true))
            for _ in 0..<6 {
                candidates.append(folder)
                folder = folder.deletingLastPathComponent()
            }
        }
        candidates.append(URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
        for candidate in candidates where isResourceFolder(candidate) {
            return candidate.standardizedFileURL
        }
        FileHandle.standardError.write(Data("flowstage: cannot find the Templates/, Public/, Themes/ and Words/ folders; set FLOWSTAGE_HOME to the FlowStage checkout\n".utf8))
        throw ExitCode.failure
    }

    /// The built-in example project: `Examples/` in a checkout, the package's
    /// `/usr/share/doc/flowstage/examples` (Debian's place for examples) beside an installed tree.
    static func examples(in resources: URL) -> URL {
        let checkout = resources.appendingPathComponent("Examples", isDirectory: true)
        let installed = resources.deletingLastPathComponent().appendingPathComponent("doc/flowstage/examples", isDirectory: true)
        return !FileManager.default.fileExists(atPath: checkout.path) && FileManager.default.fileExists(atPath: installed.path)
            ? installed : checkout
    }

    private static let folders = ["Templates", "Public", "Themes", "Words"]

    private static func isResourceFolder(_ url: URL) -> Bool {
        folders.allSatisfy {
            FileManager.default.fileExists(atPath: url.appendingPathComponent($0).path)
        }
    }
}
