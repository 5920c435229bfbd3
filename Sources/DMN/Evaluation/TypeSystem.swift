import FEEL

/// What a `typeRef` names and how a value is made to conform to it (DMN 1.5, 7.3.4 and
/// 10.3.2.9.4): a FEEL type, an item definition of the model or of an import
/// (`importName.tType`), or a written type (`list<number>`). A value that does not conform
/// after the implicit conversions (singleton list ↔ item, date → date and time) is null.
struct TypeSystem: Sendable {
    let models: DMNModels
    let environment: FEELEnvironment
    /// Each model's item definitions as FEEL types, by namespace, worked out once.
    private let typesByNamespace: [String: [String: FEELType]]

    init(models: DMNModels, environment: FEELEnvironment) {
        self.models = models
        self.environment = environment
        let all = [models.main] + models.others
        var types: [String: [String: FEELType]] = [:]
        for model in all where types[model.namespace] == nil { types[model.namespace] = TypeSystem.namedTypes(model, others: all) }
        typesByNamespace = types
    }

    /// Past this many item definitions inside each other a type is taken as `Any` (a
    /// definition naming itself must not loop).
    static let maximumDepth = 32

    /// The value as `typeRef`, or nil when it does not conform. No typeRef, `Any` and unknown
    /// names accept everything (the reader warns about unknown names).
    func coerce(_ value: FEELValue, to typeRef: String?, in model: DMNDefinitions, depth: Int = 0) -> FEELValue? {
        guard let typeRef, depth < TypeSystem.maximumDepth else { return value }
        if value.isNull { return value }
        let name = TypeSystem.bare(typeRef)
        if name == "Any" || name.isEmpty { return value }
        if let (definition, owner) = itemDefinition(name, in: model) {
            return coerce(value, to: definition, in: owner, depth: depth + 1)
        }
        if let type = try? FEELType(parsing: name, namedTypes: namedTypes(model)) {
            if case .named = type { return value }
            return type.conformed(value)
        }
        return value
    }

    /// The value as an item definition: its components, its collection, its constraints.
    func coerce(_ value: FEELValue, to definition: ItemDefinition, in model: DMNDefinitions, depth: Int) -> FEELValue? {
        if value.isNull { return value }
        if definition.isCollection {
            var element = definition
            element.isCollection = false
            let items: [FEELValue]
            if case .list(let list) = value { items = list } else { items = [value] }
            var coerced: [FEELValue] = []
            for item in items {
                guard let conformed = coerce(item, to: element, in: model, depth: depth + 1) else { return nil }
                if !item.isNull && conformed.isNull { return nil }
                coerced.append(conformed)
            }
            return .list(coerced)
        }
        var result = value
        if !definition.components.isEmpty {
            if case .list(let items) = value, items.count == 1 { result = items[0] }
            guard case .context(var context) = result else { return nil }
            // A context conforms when it has every component (DMN 1.5, 10.3.2.9.1), more are kept.
            for component in definition.components {
                guard let field = context[component.name] else { return nil }
                if field.isNull { continue }
                guard let conformed = coerce(field, to: component, in: model, depth: depth + 1) else { return nil }
                context[component.name] = conformed
            }
            result = .context(context)
        } else if definition.function != nil {
            if case .function = value {} else { return nil }
        } else if let typeRef = definition.typeRef {
            guard let conformed = coerce(value, to: typeRef, in: model, depth: depth + 1) else { return nil }
            result = conformed
        }
        for constraint in [definition.allowedValues, definition.typeConstraint].compactMap({ $0 }) {
            guard passes(result, constraint) else { return nil }
        }
        return result
    }

    /// Whether a value passes unary tests (`allowedValues`, `inputValues`); null is allowed
    /// only when the tests allow it.
    func passes(_ value: FEELValue, _ tests: FEELText) -> Bool {
        guard let expression = tests.expression else { return true }
        return expression.evaluate(NoVariables(), input: value, environment: environment).value.boolValue == true
    }

    /// The item definition a name stands for and the model it belongs to; `import.tType` looks in the import.
    func itemDefinition(_ name: String, in model: DMNDefinitions) -> (ItemDefinition, DMNDefinitions)? {
        if let definition = model.itemDefinition(named: name) { return (definition, model) }
        for imported in model.imports where name.hasPrefix(imported.name + ".") {
            let rest = String(name.dropFirst(imported.name.count + 1))
            if let other = models.model(namespace: imported.namespace), let definition = other.itemDefinition(named: rest) {
                return (definition, other)
            }
        }
        return nil
    }

    func namedTypes(_ model: DMNDefinitions) -> [String: FEELType] {
        typesByNamespace[model.namespace] ?? [:]
    }

    /// A typeRef without a namespace prefix (`feel:string` → `string`); `import.tType` is kept.
    static func bare(_ typeRef: String) -> String {
        let trimmed = typeRef.trimmingCharacters(in: .whitespaces)
        if let colon = trimmed.firstIndex(of: ":"), !trimmed[..<colon].contains(where: { $0 == "<" || $0 == " " }) {
            return String(trimmed[trimmed.index(after: colon)...])
        }
        return trimmed
    }

    /// Every item definition of a model as a FEEL type, for `instance of` and typed
    /// parameters in its expressions (imported ones as `import.tType`).
    static func namedTypes(_ model: DMNDefinitions, others: [DMNDefinitions]) -> [String: FEELType] {
        var types: [String: FEELType] = [:]
        for definition in model.itemDefinitions {
            types[definition.name] = feelType(definition, in: model, others: others, depth: 0)
        }
        for imported in model.imports {
            guard let other = others.first(where: { $0.namespace == imported.namespace }) else { continue }
            for definition in other.itemDefinitions {
                types[imported.name + "." + definition.name] = feelType(definition, in: other, others: others, depth: 0)
            }
        }
        return types
    }

    static func feelType(_ definition: ItemDefinition, in model: DMNDefinitions, others: [DMNDefinitions], depth: Int) -> FEELType {
        guard depth < maximumDepth else { return .any }
        var base: FEELType
        if !definition.components.isEmpty {
            var fields: [String: FEELType] = [:]
            for component in definition.components { fields[component.name] = feelType(component, in: model, others: others, depth: depth + 1) }
            base = .context(fields)
        } else if definition.function != nil {
            base = .function([], .any)
        } else if let typeRef = definition.typeRef {
            base = feelType(typeRef, in: model, others: others, depth: depth + 1)
        } else {
            base = .any
        }
        return definition.isCollection ? .list(base) : base
    }

    static func feelType(_ typeRef: String, in model: DMNDefinitions, others: [DMNDefinitions], depth: Int) -> FEELType {
        let name = bare(typeRef)
        if let definition = model.itemDefinition(named: name) { return feelType(definition, in: model, others: others, depth: depth + 1) }
        if let simple = FEELType.simple(name) { return simple }
        for imported in model.imports where name.hasPrefix(imported.name + ".") {
            let rest = String(name.dropFirst(imported.name.count + 1))
            if let other = others.first(where: { $0.namespace == imported.namespace }), let definition = other.itemDefinition(named: rest) {
                return feelType(definition, in: other, others: others, depth: depth + 1)
            }
        }
        if let parsed = try? FEELType(parsing: name) { return parsed }
        return .any
    }
}

extension DMNDefinitions {
    /// The model's item definitions (and its imports' as `import.tType`) as FEEL types, for
    /// parsing its expressions (`instance of tPerson`, typed parameters).
    public func feelTypes(others: [DMNDefinitions]) -> [String: FEELType] {
        TypeSystem.namedTypes(self, others: others)
    }
}
