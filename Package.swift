// swift-tools-version:6.0
import PackageDescription

// The shape (docs/ARCHITECTURE.md): data flows HTTP → Preview → Runtime / Rendering → Definitions → Expressions.
// Imports only ever point down that list, and every target lists each module it imports
// (Tests/CLITests/PackageManifestTests.swift).
let package = Package(
    name: "FlowStage",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "flowstage", targets: ["flowstage"]),
        .library(name: "FlowStageRuntime", targets: ["FlowStageRuntime"]),
        .library(name: "FlowStagePreview", targets: ["Preview"]),
        // For hosts and the benchmarks package (Benchmarks/), which load projects and render screens themselves.
        .library(name: "FlowStageDefinitions", targets: ["Definitions", "Expressions", "DMN", "FEEL"]),
        .library(name: "FlowStageRendering", targets: ["Rendering"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
        // Already required by postgres-nio; named so the PostgreSQL store may import them itself.
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.81.0"),
        .package(url: "https://github.com/apple/swift-nio-ssl.git", from: "2.27.1"),
    ],
    targets: [
        .systemLibrary(name: "CMicroHTTPD", pkgConfig: "libmicrohttpd", providers: [.apt(["libmicrohttpd-dev"])]),
        .systemLibrary(name: "CCmark", pkgConfig: "libcmark", providers: [.apt(["libcmark-dev"])]),
        .target(name: "HTTP", dependencies: ["CMicroHTTPD"]),
        .target(name: "Markdown", dependencies: ["CCmark"]),
        // The FEEL engine (Sources/FEEL): DMN 1.5's grammar, values and built-ins with Camunda's extensions.
        .target(name: "FEEL"),
        .target(name: "Expressions", dependencies: ["FEEL"]),
        // The DMN decision engine (Sources/DMN): models as values, decision tables, boxed expressions, the requirements graph.
        .target(name: "DMN", dependencies: ["FEEL"]),
        // The models of every project file and the loader that reads them: FlowStage JSON, and
        // BPMN 2.0 with its forms (Import/), read into the same models (Markdown: escaping names).
        .target(name: "Definitions", dependencies: ["Expressions", "Markdown", "DMN", "FEEL"]),
        .target(name: "FlowStageRuntime", dependencies: [
            "Definitions", "Expressions", "DMN", "FEEL",
            .product(name: "GRDB", package: "GRDB.swift"),
            // The SQLite C API, for the version probe on the page-view path (SQLiteVersionProbe.swift).
            .product(name: "GRDBSQLite", package: "GRDB.swift"),
        ]),
        // The PostgreSQL store for several nodes (Sources/PostgresStore/README.md): its own target so
        // Runtime, and everything that does not serve with PostgreSQL, stays free of SwiftNIO.
        .target(name: "PostgresStore", dependencies: [
            "FlowStageRuntime",
            .product(name: "PostgresNIO", package: "postgres-nio"),
            .product(name: "NIOCore", package: "swift-nio"),
            .product(name: "NIOPosix", package: "swift-nio"),
            .product(name: "NIOSSL", package: "swift-nio-ssl"),
            .product(name: "Logging", package: "swift-log"),
        ], exclude: ["README.md"]),
        // The Mustache engine FlowStage's pages are written in (Sources/Template/TEMPLATES.md): no FlowStage types.
        .target(name: "Template", exclude: ["TEMPLATES.md"]),
        .target(name: "Rendering", dependencies: ["Template", "Definitions", "Expressions", "Markdown"]),
        // The accessibility audit's rules over parsed HTML, screen states and themes; no HTTP, no Preview.
        .target(name: "Audit", dependencies: ["Definitions", "Expressions"]),
        // Audit: the sign-off report and the inspector's screen-reader outline.
        .target(name: "Preview", dependencies: [
            "HTTP", "FlowStageRuntime", "Rendering", "Audit", "Definitions", "Expressions", "FEEL", "DMN",
            .product(name: "Logging", package: "swift-log"),
        ]),
        .executableTarget(name: "flowstage", dependencies: [
            "Preview", "HTTP", "FlowStageRuntime", "PostgresStore", "Rendering", "Definitions", "Expressions", "DMN", "FEEL", "Audit",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
            .product(name: "Logging", package: "swift-log"),
        ]),
        .target(name: "TestSupport", dependencies: ["Audit", "Definitions"], path: "Tests/TestSupport"),
        // The child process of the crash test, killed with SIGKILL mid-action (Tests/RuntimeTests/CrashRecoveryTests.swift).
        .executableTarget(name: "flowstage-crash-worker", dependencies: ["FlowStageRuntime", "PostgresStore", "Definitions", "Expressions"], path: "Tests/CrashWorker"),
        .testTarget(name: "HTTPTests", dependencies: ["HTTP"]),
        .testTarget(name: "MarkdownTests", dependencies: ["Markdown", "TestSupport"]),
        .testTarget(name: "FEELTests", dependencies: ["FEEL", "Definitions", "TestSupport"]),
        .testTarget(name: "DMNTests", dependencies: ["DMN", "FEEL", "Definitions", "TestSupport"]),
        .testTarget(name: "ExpressionsTests", dependencies: ["Expressions"]),
        .testTarget(name: "TemplateTests", dependencies: ["Template"]),
        .testTarget(name: "DefinitionsTests", dependencies: ["Definitions", "Expressions", "TestSupport"]),
        .testTarget(name: "ImportTests", dependencies: ["Definitions", "Expressions", "FlowStageRuntime", "Rendering", "Preview", "TestSupport"]),
        .testTarget(name: "RuntimeTests", dependencies: [
            "FlowStageRuntime", "PostgresStore", "Definitions", "Expressions", "TestSupport",
            .product(name: "PostgresNIO", package: "postgres-nio"),
        ]),
        .testTarget(name: "RenderingTests", dependencies: ["Rendering", "FlowStageRuntime", "Definitions", "Expressions", "TestSupport"]),
        .testTarget(name: "AuditTests", dependencies: ["Audit", "Preview", "FlowStageRuntime", "Rendering", "Definitions", "Expressions", "TestSupport"]),
        .testTarget(name: "PreviewTests", dependencies: [
            "Preview", "FlowStageRuntime", "Rendering", "Definitions", "Expressions", "HTTP", "TestSupport",
            .product(name: "Logging", package: "swift-log"),
        ]),
        // Runs the flowstage binary that `swift build` puts beside the test bundle (`flowstage new`).
        .testTarget(name: "CLITests", dependencies: ["TestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)

// Release builds inline across FlowStage's own modules: a page view runs through five of them,
// and a getter or a small initializer behind a module's edge was a call (and its copies) each time.
for target in package.targets where target.type == .regular || target.type == .executable {
    target.swiftSettings = (target.swiftSettings ?? []) + [.unsafeFlags(["-cross-module-optimization"], .when(configuration: .release))]
}

// The libFuzzer harnesses of `make fuzz` (Fuzz/README.md), declared only when FLOWSTAGE_FUZZ=1 so an
// ordinary build never sees them. `make fuzz` builds them in .build/fuzz-build with address
// sanitizer and sanitizer coverage, and links libclang_rt.fuzzer_no_main from the toolchain.
if Context.environment["FLOWSTAGE_FUZZ"] == "1" {
    package.targets.append(.executableTarget(
        name: "flowstage-fuzz",
        dependencies: ["Expressions", "FEEL", "DMN", "HTTP", "Definitions", "Rendering", "Template"],
        path: "Fuzz/Harnesses",
        swiftSettings: [.enableExperimentalFeature("Extern")]))
}
