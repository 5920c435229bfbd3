@testable import Template
import Testing

/// The official Mustache spec (comments, delimiters, interpolation, inverted, partials,
/// sections) run against the compiler. The files hold no lambda, dynamic-name or inheritance
/// cases, so nothing there needs skipping.
@Suite struct MustacheSpecTests {
    /// Cases where FlowStage deliberately differs from the spec. Each still runs: it must fail to
    /// compile, with a `TemplateError`, instead of producing the spec's output.
    static let compileErrorsByDesign: [String: String] = [
        "partials/Failed Lookup": "a missing partial is a compile error (the spec renders it as empty)",
        "partials/Recursion": "partials are inlined at compile time, so a recursive partial is a compile error",
    ]

    /// Skipped on a developer's machine without the shared test data; under `CI=true` it runs and fails.
    @Test(.enabled(if: SpecCase.available || SpecCase.isCI, "the shared test data ../shared/testdata/mustache-spec is absent"))
    func specFilesAreFoundInTheSharedTestData() {
        let cases = SpecCase.all()
        #expect(cases.count == 136, """
            expected the 136 cases of the six Mustache spec files in \(SpecCase.directory.path); check out the \
            shared test data beside the repository (../shared/testdata/mustache-spec)
            """)
        for id in Self.compileErrorsByDesign.keys {
            #expect(cases.contains { $0.id == id }, "exception '\(id)' names no spec case")
        }
    }

    @Test(.enabled(if: SpecCase.available, "the shared test data ../shared/testdata/mustache-spec is absent"),
          arguments: SpecCase.all())
    func specCase(_ spec: SpecCase) throws {
        let partials = spec.partials ?? [:]
        if let reason = Self.compileErrorsByDesign[spec.id] {
            #expect(throws: TemplateError.self, "\(reason)") {
                try CompiledTemplate(name: spec.name, source: spec.template) { partials[$0] }
            }
            return
        }
        let template = try CompiledTemplate(name: spec.name, source: spec.template) { partials[$0] }
        var buffer = HTMLBuffer(capacity: 256)
        // The root may be any value (`Implicit Iterator - Root-level` has a list), not only a context.
        template.render(value: spec.data.templateValue, into: &buffer)
        #expect(String(decoding: buffer.bytes, as: UTF8.self) == spec.expected)
    }
}
