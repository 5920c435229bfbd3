import Foundation

/// `serve --open`: hands the address to the desktop's opener (`xdg-open` on Linux, `open` on
/// macOS), which starts the person's default browser (and honours `$BROWSER`). The server does
/// not wait for it: a browser that is slow to start must not hold up the first request.
enum BrowserOpener {
    /// Nil when the opener started; else a sentence saying what to do instead.
    static func open(_ address: String, environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        #if os(macOS)
        let names = ["open"]
        #else
        let names = ["xdg-open", "sensible-browser", "x-www-browser"]
        #endif
        let folders = (environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":").map(String.init)
        guard let opener = names.lazy.compactMap({ name in
            folders.map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
        }).first else {
            return "--open found no way to start a browser here (none of \(names.joined(separator: ", ")) is installed); open \(address) in one yourself."
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: opener)
        process.arguments = [address]
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            return "--open could not start \(opener) (\(error.localizedDescription)); open \(address) in a browser yourself."
        }
        return nil
    }
}
