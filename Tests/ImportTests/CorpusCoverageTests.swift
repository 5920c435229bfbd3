import Foundation
import Testing

/// The wild corpus (../shared/testdata/wild) is read where it lies, never copied: this test only
/// checks that each of its JUEL conditions appears in the tables of `ModelExpressionTests`
/// (its FEEL is checked on the FEEL engine: Tests/FEELTests/WildCorpus).
@Suite struct CorpusCoverage {
    static let corpus = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("../shared/testdata/wild").standardizedFileURL

    /// The corpus's files whose extension is `ext`, or nil when the corpus is absent (an issue
    /// under CI=true, a skip on a developer's machine).
    static func files(_ ext: String) -> [URL]? {
        guard FileManager.default.fileExists(atPath: corpus.path) else {
            if ProcessInfo.processInfo.environment["CI"] == "true" { Issue.record("the wild corpus is missing at \(corpus.path)") }
            return nil
        }
        return (FileManager.default.enumerator(at: corpus, includingPropertiesForKeys: nil)?.compactMap { $0 as? URL } ?? [])
            .filter { $0.pathExtension == ext }
    }

    @Test func everyCorpusJUELConditionIsInTheTables() throws {
        guard FileManager.default.fileExists(atPath: CorpusCoverage.corpus.path) else {
            if ProcessInfo.processInfo.environment["CI"] == "true" { Issue.record("the wild corpus is missing at \(CorpusCoverage.corpus.path)") }
            return
        }
        let tabled = Set((corpusCases + juelCases).map(\.source) + refusedCases.map(\.source))
        let found = try CorpusCoverage.expressions().filter { $0.source.contains("${") || $0.source.contains("#{") }
        #expect(found.count >= 5)
        for (file, source) in found {
            #expect(tabled.contains(source), "\(file): \(source.debugDescription) is in no table")
        }
    }

    /// `conditionExpression` bodies of BPMN files and `=`-prefixed values of form-js forms (without the `=`).
    static func expressions() throws -> [(file: String, source: String)] {
        var found: [(String, String)] = []
        guard let files = FileManager.default.enumerator(at: corpus, includingPropertiesForKeys: nil) else { return [] }
        let condition = try NSRegularExpression(
            pattern: #"<(?:\w+:)?conditionExpression\b[^>]*?(?:/>|>(.*?)</(?:\w+:)?conditionExpression>)"#,
            options: [.dotMatchesLineSeparators])
        for case let url as URL in files {
            let name = url.lastPathComponent
            if url.pathExtension == "bpmn" || url.pathExtension == "xml" {
                let text = try String(contentsOf: url, encoding: .utf8)
                for match in condition.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                    let body = Range(match.range(at: 1), in: text).map { String(text[$0]) } ?? ""
                    found.append((name, unescape(body)))
                }
            } else if url.pathExtension == "form" || url.pathExtension == "json" {
                guard let json = try? JSONSerialization.jsonObject(with: Data(contentsOf: url)) else { continue }
                collect(json, into: &found, file: name)
            }
        }
        return found
    }

    private static func collect(_ json: Any, into found: inout [(String, String)], file: String) {
        if let text = json as? String, text.hasPrefix("=") {
            found.append((file, String(text.dropFirst())))
        } else if let object = json as? [String: Any] {
            for value in object.values { collect(value, into: &found, file: file) }
        } else if let array = json as? [Any] {
            for value in array { collect(value, into: &found, file: file) }
        }
    }

    private static func unescape(_ xml: String) -> String {
        var text = xml.trimmingCharacters(in: .whitespacesAndNewlines)
        if text.hasPrefix("<![CDATA["), text.hasSuffix("]]>") { text = String(text.dropFirst(9).dropLast(3)) }
        for (entity, character) in [("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&apos;", "'"), ("&amp;", "&")] {
            text = text.replacingOccurrences(of: entity, with: character)
        }
        return text
    }
}
