import Foundation
import Expressions

/// The states a component example can stand for (the component gallery). Every example
/// names at least one, so tests can check that each component covers the states it has.
public enum ExampleState: String, Sendable, CaseIterable {
    case empty, filled, withHint, withError, disabled, hiddenByCondition, longText, rightToLeft
}

/// One named example of a component: the component exactly as a screen would declare it,
/// with the data it is shown with and the field errors it shows.
public struct ComponentExample: Sendable {
    /// Unique within its file; letters, digits, `-` and `_`, so it can name a section id.
    public let name: String
    /// What a reviewer reads as the example's heading.
    public let title: String
    public let states: [ExampleState]
    public let component: Component
    public let data: JSONValue
    /// Field errors as a failed post would show them (sorted by data path).
    public let errors: [FieldError]
    /// User-task actions the example's buttons name (e.g. a `link` action); buttons whose
    /// action is not listed get a plain `submit` action.
    public let actions: [ActionDefinition]
    /// Where the example is in its file, for messages about it.
    public let pointer: JSONPointer

    public init(name: String, title: String, states: [ExampleState], component: Component, data: JSONValue = .object([:]),
                errors: [FieldError] = [], actions: [ActionDefinition] = [], pointer: JSONPointer = JSONPointer()) {
        self.name = name; self.title = title; self.states = states; self.component = component
        self.data = data; self.errors = errors; self.actions = actions; self.pointer = pointer
    }
}

/// Every example of one component: the contents of `Templates/components/<component>.examples.json`.
public struct ComponentExamples: Sendable {
    /// The template the examples show (`input`, `button`…).
    public let component: String
    /// The file they were read from, for messages.
    public let file: String
    public let examples: [ComponentExample]

    public init(component: String, file: String, examples: [ComponentExample]) {
        self.component = component
        self.file = file
        self.examples = examples
    }

    /// Every state some example of this component stands for.
    public var states: Set<ExampleState> { Set(examples.flatMap(\.states)) }
}

/// Every examples file of a templates folder, and what was wrong with those that did not load.
public struct ComponentGallery: Sendable {
    public let components: [ComponentExamples]
    public let errors: [LoadError]

    public init(components: [ComponentExamples] = [], errors: [LoadError] = []) {
        self.components = components
        self.errors = errors
    }

    /// Reads `<templates>/components/*.examples.json`.
    public static func load(templates: URL) -> ComponentGallery {
        let (components, errors) = ComponentExamplesLoader.loadAll(templates.appendingPathComponent("components"))
        return ComponentGallery(components: components, errors: errors)
    }

    public func examples(of component: String) -> ComponentExamples? {
        components.first { $0.component == component }
    }
}
