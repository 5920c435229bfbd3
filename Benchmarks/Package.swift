// swift-tools-version:6.1
import PackageDescription

// The benchmarks live in their own package so `make test` never builds the benchmark tool;
// `make bench` runs them (ordo-one/benchmark) next to the wrk figures of Tools/bench.sh.
let package = Package(
    name: "FlowStageBenchmarks",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(name: "FlowStage", path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        .executableTarget(
            name: "FlowStageBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "FlowStageDefinitions", package: "FlowStage"),
                .product(name: "FlowStageRuntime", package: "FlowStage"),
                .product(name: "FlowStageRendering", package: "FlowStage"),
                .product(name: "FlowStagePreview", package: "FlowStage"),
            ],
            path: "Benchmarks/FlowStageBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        // The typical screen's render in a loop, for instruction-counting profilers. Outside
        // `Benchmarks/`, where the benchmark plugin would take it for a benchmark.
        .executableTarget(
            name: "RenderProfile",
            dependencies: [
                .product(name: "FlowStageDefinitions", package: "FlowStage"),
                .product(name: "FlowStageRuntime", package: "FlowStage"),
                .product(name: "FlowStageRendering", package: "FlowStage"),
                .product(name: "FlowStagePreview", package: "FlowStage"),
            ],
            path: "Tools/RenderProfile"
        ),
    ],
    swiftLanguageModes: [.v6]
)
