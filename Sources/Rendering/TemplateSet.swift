import Definitions
import Foundation
import Template

/// Every template a project's pages use, compiled once at load.
///
/// A project may override any of them: `templates/<name>.mustache` replaces a page template,
/// `templates/components/<type>.mustache` a component, `templates/partials/<name>.mustache`
/// a partial, and `templates/custom/<identifier>.mustache` renders a custom component.
public struct TemplateSet: Sendable {
    public static let pageTemplates = ["page", "screen", "stepper", "tabs", "end", "catalogue", "error", "close", "inspector", "access", "site-index", "gallery", "start-data", "map", "feel", "decision"]
    public static let largestTemplate = 256 << 10

    let pages: [String: CompiledTemplate]
    let components: [String: CompiledTemplate]
    let custom: [String: CompiledTemplate]
    /// Prints nothing: an image whose source is missing.
    let nothing = try! CompiledTemplate(name: "nothing", source: "") { _ in nil }
    /// Prints its view's `html`: markup a Swift provider wrote, a part of the page like any component.
    let markup = try! CompiledTemplate(name: "markup", source: "{{{html}}}", vocabulary: ViewKey.vocabulary) { _ in nil }

    /// Compiles the repository's templates, with the project's overrides when given.
    public init(builtIn: URL, project: URL? = nil) throws(TemplateLoadError) {
        let projectTemplates = project?.appendingPathComponent("templates")
        func source(_ relative: String) -> (text: String, origin: String)? {
            for folder in [projectTemplates, builtIn].compactMap({ $0 }) {
                let url = folder.appendingPathComponent(relative)
                if let data = FileManager.default.contents(atPath: url.path), data.count <= TemplateSet.largestTemplate,
                   let text = String(data: data, encoding: .utf8) {
                    return (text, url.path)
                }
            }
            return nil
        }
        func compile(_ relative: String, required: Bool) throws(TemplateLoadError) -> CompiledTemplate? {
            guard let (text, origin) = source(relative) else {
                if required { throw TemplateLoadError(file: relative, message: "is missing from \(builtIn.path)") }
                return nil
            }
            do {
                return try CompiledTemplate(name: relative, source: text, vocabulary: ViewKey.vocabulary) { name in source("partials/\(name).mustache")?.text }
            } catch {
                // The error names the template (or partial) it is in, with line and column.
                throw TemplateLoadError(file: origin, message: error.description)
            }
        }
        var pages: [String: CompiledTemplate] = [:]
        for name in TemplateSet.pageTemplates {
            pages[name] = try compile("\(name).mustache", required: true)
        }
        var components: [String: CompiledTemplate] = [:]
        for name in ComponentType.allCases.map(\.rawValue) + ["unsupported", "actionLink"] {
            components[name] = try compile("components/\(name).mustache", required: name == "unsupported")
        }
        var custom: [String: CompiledTemplate] = [:]
        if let projectTemplates {
            let folder = projectTemplates.appendingPathComponent("custom")
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
            for file in names.sorted() where file.hasSuffix(".mustache") {
                custom[String(file.dropLast(".mustache".count))] = try compile("custom/\(file)", required: true)
            }
        }
        self.pages = pages
        self.components = components
        self.custom = custom
    }

    /// Whether `component` has a template; if not, pages show the "Component not supported" placeholder.
    public func renders(_ component: Component) -> Bool {
        if component.type == .custom {
            return custom[component.properties["identifier"]?.stringValue ?? ""] != nil
        }
        return components[component.type.rawValue] != nil
    }

    func page(_ name: String) -> CompiledTemplate {
        pages[name]!  // every page template is required at init
    }
}

/// A template that is missing or does not compile: which file, and what is wrong.
public struct TemplateLoadError: Error, Sendable, CustomStringConvertible {
    public let file: String
    public let message: String
    public var description: String { "\(file): \(message)" }
}
