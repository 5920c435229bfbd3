import Definitions
import Expressions

/// The JSON screen API (docs/reference/http.md: `GET /instances/{id}` with `Accept: application/json`): the
/// same screen the HTML shows, as data — resolved components with their values and errors,
/// the actions with the URLs to post to, the stepper — for other front ends and for tests.
/// Texts are resolved (tags, interpolation) in the page's language; markdown stays markdown.
extension Renderer {
    public func screenJSON(_ state: ScreenState) -> JSONValue {
        let language = state.language
        var actions: [JSONValue] = state.task.actions.map { action in
            var fields: [String: JSONValue] = ["name": .string(action.name), "type": .string(action.kind.rawValue)]
            switch action.kind {
            case .link: fields["url"] = action.url.map(JSONValue.string) ?? .null
            default: fields["url"] = .string(links.action(state.instanceID, action.name))
            }
            if let list = action.list { fields["list"] = .string(list.description) }
            return .object(fields)
        }
        // A flow screen has no actions: its buttons fire events.
        for event in Set(state.task.screen.flatMap(\.flattened).compactMap(\.event)).sorted() {
            actions.append(["event": .string(event), "url": .string(links.event(state.instanceID, event))])
        }
        var stepper: JSONValue = .null
        if let model = state.stepper {
            var fields: [String: JSONValue] = [
                "step": .number(Double(model.current + 1)), "totalSteps": .number(Double(model.steps.count)),
                "stepTitle": resolved(model.steps[model.current], language, state.data),
                "substep": .null, "totalSubsteps": .null, "substepTitle": .null,
            ]
            if let substep = model.currentSubstep, !model.substeps.isEmpty {
                fields["substep"] = .number(Double(substep + 1))
                fields["totalSubsteps"] = .number(Double(model.substeps.count))
                fields["substepTitle"] = resolved(model.substeps[substep], language, state.data)
            }
            stepper = .object(fields)
        }
        return .object([
            "instance": .string(state.instanceID),
            "process": .string(state.process.name),
            "status": "running",
            "screen": .string(state.nodeID),
            "title": .string(screenTitle(state, language: language)),
            "language": .string(language),
            "modal": .bool(state.modal),
            "canGoBack": .bool(state.canGoBack),
            "backURL": state.canGoBack ? .string(links.back(state.instanceID)) : .null,
            "notice": state.notice.map(JSONValue.string) ?? .null,
            "stepper": stepper,
            "components": .array(state.components.map { component($0, state, data: state.data, rows: []) }),
            "errors": .array(state.errors.map { ["key": .string($0.key), "message": .string($0.message)] }),
            "actions": .array(actions),
        ])
    }

    /// A finished instance: its outcome and incident instead of a screen.
    public func endJSON(instanceID: String, process: String, status: String, endNode: String?,
                        incident: String?, data: JSONValue) -> JSONValue {
        .object([
            "instance": .string(instanceID),
            "process": .string(process),
            "status": .string(status),
            "endNode": endNode.map(JSONValue.string) ?? .null,
            "incident": incident.map(JSONValue.string) ?? .null,
            "data": data,
        ])
    }

    /// `data` is what its texts read: the instance's, and in a collection's item the item's
    /// scope (`$item`, `$index`), as the page reads them; `rows`, the items' positions it is in.
    private func component(_ resolvedComponent: ResolvedComponent, _ state: ScreenState, data: JSONValue, rows: [Int]) -> JSONValue {
        let definition = resolvedComponent.definition
        let language = state.language
        var fields: [String: JSONValue] = [
            "type": .string(definition.type.rawValue),
            "disabled": .bool(resolvedComponent.disabled),
        ]
        func put(_ name: String, _ text: Text?) {
            if let text { fields[name] = resolved(text, language, data) }
        }
        if let id = definition.id { fields["id"] = .string(id) }
        put("label", definition.label)
        put("hint", definition.hint)
        put("placeholder", definition.placeholder)
        put("title", definition.title)
        put("markdown", definition.markdown)
        if let variant = definition.variant { fields["variant"] = .string(variant) }
        if let inputType = definition.inputType { fields["inputType"] = .string(inputType) }
        if let action = definition.action {
            fields["action"] = .string(action)
            // What its button posts as `_item`, as the page's does (`ListKey`).
            if let posted = state.task.action(named: action)?.posted(rows: rows) { fields["item"] = .string(posted) }
        }
        if let event = definition.event { fields["event"] = .string(event) }
        if let key = definition.key {
            var value = key.get(in: state.data)
            if value == .null, let fallback = resolvedComponent.defaultValue { value = fallback }
            fields["key"] = .string(key.description)
            fields["value"] = value
            if let raw = state.rawValues[key.description] { fields["postedText"] = .string(raw) }
            fields["required"] = .bool(definition.isRequired)
            fields["errors"] = .array(state.errors(for: key).map { .string($0.message) })
        }
        let options = project.options(for: definition, data: state.data, language: language)
        if let name = definition.enumerationName { fields["enumeration"] = .string(name) }
        if let parentKey = definition.parentKey { fields["parentKey"] = .string(parentKey.description) }
        if definition.type == .image, let image = ImageSource(media: project.media, tags: project.tags, links: links)
            .resolve(definition, data: data, language: state.language) {
            fields["url"] = .string(image.url)
            fields["alt"] = .string(image.alt)
            if let width = image.width { fields["width"] = .number(Double(width)) }
            if let height = image.height { fields["height"] = .number(Double(height)) }
        }
        if !options.isEmpty || definition.enumerationName != nil {
            fields["options"] = .array(options.map { option in
                ["value": .string(option.value), "label": resolved(option.label, language, data)]
            })
        }
        if !resolvedComponent.children.isEmpty {
            fields["children"] = .array(resolvedComponent.children.map { component($0, state, data: data, rows: rows) })
        }
        // A collection: its items with their rebased fields, and the field storing the choice.
        if definition.type == .collection {
            fields["items"] = .array(resolvedComponent.items.map { item in
                let scope = ResolvedItem.scope(state.data, item: item.value, index: item.index)
                return ["index": .number(Double(item.index)),
                        "components": .array(item.components.map { component($0, state, data: scope, rows: rows + [item.index]) })]
            })
            if let key = resolvedComponent.selection?.key {
                fields["selectKey"] = .string(key.description)
                fields["value"] = key.get(in: state.data)
                fields["errors"] = .array(state.errors(for: key).map { .string($0.message) })
            }
        }
        return .object(fields)
    }

    private func resolved(_ text: Text, _ language: String, _ data: JSONValue) -> JSONValue {
        .string(text.resolve(project.tags, language: language, data: data))
    }
}
