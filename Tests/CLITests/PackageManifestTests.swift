import Foundation
import Testing
import TestSupport

/// Package.swift is the map of which module may use which: a target that imports a module it
/// does not declare builds only by luck of the build order, and hides an arrow from the reader.
@Suite struct PackageManifest {
    /// Modules of the toolchain and the platform, which no target declares.
    static let platformModules: Set<String> = ["Foundation", "FoundationXML", "FoundationNetworking", "Glibc", "Darwin",
                                               "Dispatch", "Synchronization", "Testing", "XCTest"]

    struct Target {
        let name: String
        let folder: String
        let dependencies: Set<String>
    }

    /// The targets of Package.swift: `.target`, `.executableTarget` and `.testTarget` with their
    /// dependencies (target names and `.product(name:…)` names) and folder.
    static func targets() throws -> [Target] {
        let manifest = try String(contentsOf: RepositoryPaths.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let declaration = /\.(target|executableTarget|testTarget)\(\s*name: "([A-Za-z-]+)"/
        var targets: [Target] = []
        for match in manifest.matches(of: declaration) {
            // The declaration runs to its closing parenthesis; brackets and parentheses nest.
            var depth = 0
            var end = match.range.lowerBound
            for index in manifest[match.range.lowerBound...].indices {
                let character = manifest[index]
                if character == "(" || character == "[" { depth += 1 }
                if character == ")" || character == "]" { depth -= 1 }
                if depth == 0 && character == ")" { end = index; break }
            }
            let body = String(manifest[match.range.lowerBound...end])
            let name = String(match.output.2)
            let dependencySection = body.firstRange(of: "dependencies: [").map { body[$0.upperBound...] } ?? ""
            var dependencies = Set(dependencySection.matches(of: /"([A-Za-z.-]+)"/).map { String($0.output.1) })
            dependencies.subtract(dependencySection.matches(of: /package: "([A-Za-z.-]+)"/).map { String($0.output.1) })
            let path = body.firstMatch(of: /path: "([^"]+)"/).map { String($0.output.1) }
            let folder = path ?? (match.output.1 == "testTarget" ? "Tests/\(name)" : "Sources/\(name)")
            targets.append(Target(name: name, folder: folder, dependencies: dependencies))
        }
        return targets
    }

    /// The modules the Swift files under `folder` import.
    static func imports(in folder: String) -> [String: String] {
        let root = RepositoryPaths.root.appendingPathComponent(folder)
        var found: [String: String] = [:]
        let files = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" } ?? []
        for file in files {
            guard let text = try? String(contentsOf: file, encoding: .utf8) else { continue }
            for match in text.matches(of: /(?m)^(?:@testable )?import ([A-Za-z_]+)/) {
                found[String(match.output.1)] = file.path.replacingOccurrences(of: RepositoryPaths.root.path + "/", with: "")
            }
        }
        return found
    }

    @Test func everyModuleATargetImportsIsDeclaredInPackageSwift() throws {
        let targets = try PackageManifest.targets()
        #expect(targets.count > 10)
        #expect(targets.contains { $0.name == "Template" && $0.dependencies.isEmpty })
        for target in targets {
            for (module, file) in PackageManifest.imports(in: target.folder).sorted(by: { $0.key < $1.key })
            where module != target.name && !PackageManifest.platformModules.contains(module) {
                #expect(target.dependencies.contains(module),
                        "\(file) imports \(module), which Package.swift does not list in \(target.name)'s dependencies: add it there")
            }
        }
    }
}
