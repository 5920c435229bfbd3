import ArgumentParser
import Foundation

/// Finds the folder holding `Templates/`, `Public/`, `Themes/`, `Words/` and `Examples/`: the
/// `FLOWSTAGE_HOME` variable, else the checkout the executable was built in, else the
/// current directory.
enum Resources {
    static func locate() throws -> URL {
        var candidates: [URL] = []
        if let home = ProcessInfo.processInfo.environment["FLOWSTAGE_HOME"] {
            candidates.append(URL(fileURLWithPath: home))
        }
        if let executable = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            var folder = URL(fileURLWithPath: executable).deletingLastPathComponent()
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

    private static func isResourceFolder(_ url: URL) -> Bool {
        ["Templates", "Public", "Themes", "Words"].allSatisfy {
            FileManager.default.fileExists(atPath: url.appendingPathComponent($0).path)
        }
    }
}
