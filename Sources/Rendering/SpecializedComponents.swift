import Definitions
import Expressions
import Template

/// Component markup worked out when the project loads (issue 5: 25 µs a screen).
///
/// Most of a field's HTML does not depend on the instance: its label, hint, ids, classes and
/// the text of every option. For each component of each user task, in each language, the
/// component's template is specialized (`TemplateSpecializer`) against the view it would get
/// with no data, leaving ops only for what a request decides: the value, the error, the
/// disabled flag, which options are chosen, the URLs naming the instance. A page then renders
/// such a component from a small `SpecializedComponentContext` instead of building its whole view.
///
/// Only screens whose ids are the same on every page are specialized: every id of every
/// component is its plain one, so hiding some cannot shift the others; or, where two share a
/// plain id (two buttons), every component is specialized (or a fixed card or container) and
/// no id moves whichever components are hidden, so the `-2` falls the same way on every page.
/// Words that read instance data are the request's: a field's label, hint, title, placeholder
/// and its type's own words (`DataWords`: an input's prefix and suffix among them), a text's or
/// message's markdown, a date's or a time's placeholder, a slider's suffix and a choice field's
/// option labels, its own or its enumeration's (`ComponentRequestRule`, which also holds what a
/// slider, a date picker and an upload work out per request); a child list whose labels read the
/// data takes the general path. A child list has an entry per parent value; a `single` page's tasks, whose ids follow
/// one another's, are specialized together when the page's plan is made (`init(sections:)`).
/// A collection's item components for its first items have entries when each keeps its own
/// id, and the collection is then unrolled by page plans (`UnrolledCollection`); either way the
/// rest of its screen is specialized when no id of theirs can collide with the collection's.
struct SpecializedComponents: Sendable {
    /// A class, so handing one out per component per page is one retain.
    final class Entry: Sendable {
        let template: CompiledTemplate
        let id: String
        let describedBy: String?
        /// With the error message's id added, for an invalid field.
        let describedByInvalid: String?
        /// The values of its options, in order, to mark the chosen ones.
        let optionValues: [String]
        /// What its type works out per request beside a field's names.
        let rule: ComponentRequestRule
        /// Its words that read the data, worked out per request.
        let words: DataWords?
        /// For a select whose options follow another field: that field, and this component's
        /// entry per value of it that offers options (this entry is the one while it is empty).
        let choices: Choices?
        /// Whether a request writes the field's value as text: its template prints it, or its
        /// rule reads it (a list's text is its JSON, worked out only when it is printed).
        let writesValue: Bool
        /// Where it posts of its own, naming the instance per request.
        let ownTarget: PostTarget?
        /// Printed whole from this entry per request, not inlined in a page plan
        /// (`FieldRequestValues.printedWhole`): a table whose markup reads nothing of the request
        /// but its rows (the markup its `TableColumns` kept for them), an image whose source is
        /// read from the data (nothing while the data names none).
        let printedWhole: Bool
        /// Whether its prefix or suffix reads the data: whether it shows, and so its id in the
        /// field's `aria-describedby`, is the request's (`DataWords.describedBy`).
        let affixesReadData: Bool

        init(template: CompiledTemplate, id: String, describedBy: String?, describedByInvalid: String?, optionValues: [String],
             rule: ComponentRequestRule = .none, words: DataWords? = nil, ownTarget: PostTarget? = nil, choices: Choices? = nil) {
            self.template = template; self.id = id; self.describedBy = describedBy
            self.describedByInvalid = describedByInvalid; self.optionValues = optionValues; self.rule = rule; self.words = words
            self.ownTarget = ownTarget; self.choices = choices
            self.writesValue = switch rule {
            case .slider, .date, .temporal: true
            default: template.lookedUpNames.contains { ViewKey($0) == .value }
            }
            self.affixesReadData = words?.texts.contains { text in DataWords.affixes.contains { $0.word == text.key } } ?? false
            self.printedWhole = switch rule {
            case .table: words == nil && !template.lookedUpNames.contains { FieldRequestValues.answers($0, inRow: false) }
            case .image: true
            default: false
            }
        }

        /// Whether what a request works out for it reads the data beside the field's value: its
        /// words, or what its rule works out (`ComponentRequestRule.readsData`); in an item, they
        /// read the item.
        var readsData: Bool {
            words != nil || rule.readsData
        }

        /// This entry with the entries of the other values of the field its options follow.
        func choosing(_ choices: Choices) -> Entry {
            Entry(template: template, id: id, describedBy: describedBy, describedByInvalid: describedByInvalid,
                  optionValues: optionValues, rule: rule, words: words, ownTarget: ownTarget, choices: choices)
        }
    }

    /// The entries of a child list (`parentKey`), one per value of its parent field that offers options.
    struct Choices: Sendable {
        let parent: DataPath
        let entries: [String: Entry]

        /// The parent's value as a key: "" while it is empty (the child list waits for it).
        static func choice(_ value: JSONValue) -> String {
            value == .null ? "" : value.displayString
        }
    }

    private struct Key: Hashable {
        let component: ObjectIdentifier
        let language: Int
    }

    /// Per component and project language, where it could be specialized.
    private let entries: [Key: Entry]
    /// Per collection and project language, where a page plan may unroll it.
    private let collections: [Key: UnrolledCollection]

    static let none = SpecializedComponents(entries: [:], collections: [:])

    private init(entries: [Key: Entry], collections: [Key: UnrolledCollection]) {
        self.entries = entries
        self.collections = collections
    }

    /// How a page plan unrolls `collection` in the language at `language`, if it can.
    func unrolled(_ collection: Component, language: Int) -> UnrolledCollection? {
        guard language >= 0, !collections.isEmpty else { return nil }
        return collections[Key(component: collection.identity, language: language)]
    }

    /// `language` is the page language's index in `Project.languages`; `data` picks a child
    /// list's entry by its parent field's value (nil when that value offers no options).
    func entry(for component: Component, language: Int, data: JSONValue) -> Entry? {
        guard language >= 0, !entries.isEmpty, let entry = entries[Key(component: component.identity, language: language)] else { return nil }
        guard let choices = entry.choices else { return entry }
        let choice = Choices.choice(choices.parent.get(in: data))
        return choice.isEmpty ? entry : choices.entries[choice]
    }

    init(project: Project, templates: TemplateSet, links: any PageLinks, markdown: MarkdownCache) {
        var entries: [Key: Entry] = [:]
        var collections: [Key: UnrolledCollection] = [:]
        // Flow states are shown as the user tasks of their flow's mirror process.
        for process in project.processes + project.flows.map(ProcessDefinition.init(screensOf:)) {
            for node in process.nodes {
                guard case .userTask(let task) = node.kind, !task.screen.isEmpty else { continue }
                for (index, language) in project.languages.enumerated() {
                    let built = SpecializedComponents.specialize([PageTask(node: node.id, task: task, components: task.screen.map(Self.everything))],
                                                                 process: process, language: language, project: project,
                                                                 templates: templates, links: links, markdown: markdown)
                    for (identity, entry) in built.entries {
                        entries[Key(component: identity, language: index)] = entry
                    }
                    for (identity, collection) in built.collections {
                        collections[Key(component: identity, language: index)] = collection
                    }
                }
            }
        }
        self.init(entries: entries, collections: collections)
    }

    /// The entries of a `single` page's several tasks, drawn together as `state` shows them:
    /// each task's ids come after the others', so they are worked out for this page (when its
    /// plan is made), in the language at `languageIndex`. None unless every component is
    /// specialized or a fixed layout: a component drawn whole would draw its own children the
    /// general way on later pages, taking ids the page's entries do not.
    init(sections state: ScreenState, languageIndex: Int, project: Project, templates: TemplateSet, links: any PageLinks,
         markdown: MarkdownCache) {
        let tasks = state.sections.map { PageTask(node: $0.nodeID, task: $0.task, components: $0.components.map(Self.enabled)) }
        let built = Self.specialize(tasks, process: state.process, language: state.language, project: project, templates: templates,
                                    links: links, markdown: markdown).entries
        let written = Self.writtenLayouts(tasks.flatMap(\.components))
        let allPlanned = tasks.flatMap(\.components).flatMap(\.flattened).allSatisfy {
            built[$0.definition.identity] != nil || written.contains($0.definition.identity)
        }
        self.init(page: allPlanned ? built : [:], language: languageIndex)
    }

    /// The entries of a one-task page one of whose collections shows more items than have
    /// entries from the load (`itemsWithEntries`, up to `Component.itemsKept`): the task
    /// specialized again with each collection's items as many as `state` shows, when the
    /// page's plan is made.
    init(longLists state: ScreenState, languageIndex: Int, project: Project, templates: TemplateSet, links: any PageLinks,
         markdown: MarkdownCache) {
        var counts: [ObjectIdentifier: Int] = [:]
        for resolved in state.components.flatMap(\.flattened) where resolved.definition.type == .collection {
            counts[resolved.definition.identity] = resolved.items.count
        }
        let built = Self.specialize([PageTask(node: state.nodeID, task: state.task, components: state.task.screen.map(Self.everything))],
                                    process: state.process, language: state.language, project: project, templates: templates,
                                    links: links, markdown: markdown, itemCounts: counts)
        // How a plan unrolls a collection is the load's (`Renderer.unrolled`): only the entries are new.
        self.init(page: built.entries, language: languageIndex)
    }

    /// The entries worked out for one page, in the language at `language`.
    private init(page entries: [ObjectIdentifier: Entry], language: Int) {
        self.init(entries: Dictionary(uniqueKeysWithValues: entries.map { (Key(component: $0.key, language: language), $0.value) }),
                  collections: [:])
    }

    /// Whether a one-task page shows a collection with more items than have entries from the
    /// load, and no more than are kept (`init(longLists:)`).
    static func showsLongList(_ state: borrowing ScreenState) -> Bool {
        state.components.contains { showsLongList($0, depth: 0) }
    }

    private static func showsLongList(_ resolved: ResolvedComponent, depth: Int) -> Bool {
        if resolved.definition.type == .collection, (itemsWithEntries(depth: depth) + 1...Component.itemsKept).contains(resolved.items.count) {
            return true
        }
        return resolved.children.contains { showsLongList($0, depth: depth) }
            || resolved.items.contains { $0.components.contains { showsLongList($0, depth: depth + 1) } }
    }

    /// How many items of a collection get their components' entries at load, by how many
    /// collections' items it is inside: each row of the outer list holds a list of its own, so
    /// entries for as many inner rows multiplied (16 rows of 16 took 11 MB for one screen).
    static func itemsWithEntries(depth: Int) -> Int {
        depth == 0 ? Component.itemsMadeOnce : 4
    }

    /// A task's components as a page shows them, in the order of its form.
    private struct PageTask {
        let node: String
        let task: UserTask
        let components: [ResolvedComponent]
    }

    /// One page's tasks (one, or a `single` page's several) in one language: built twice with no
    /// data (once valid, once with every field in error), and specialized from the invalid
    /// build, which holds every id. A single task's collections are built again with their
    /// first items (or as many as `itemCounts` names, when more), for their item components'
    /// entries and how a page plan unrolls them.
    private static func specialize(_ tasks: [PageTask], process: ProcessDefinition, language: String,
                                   project: Project, templates: TemplateSet, links: any PageLinks,
                                   markdown: MarkdownCache, itemCounts: [ObjectIdentifier: Int] = [:])
        -> (entries: [ObjectIdentifier: Entry], collections: [ObjectIdentifier: UnrolledCollection]) {
        func itemCount(_ collection: Component, depth: Int) -> Int {
            max(itemsWithEntries(depth: depth), itemCounts[collection.identity] ?? 0)
        }
        let components = tasks.flatMap(\.components)
        let collections = components.flatMap(\.flattened).map(\.definition).filter { $0.type == .collection }
        let keys = components.flatMap(\.flattened).compactMap { $0.definition.key?.description }
        let tasksWithItems = tasks.map { $0.components.map { drawnWithItems($0, depth: 0, count: itemCount) } }
        let drawable = tasksWithItems.joined().flatMap(\.flattened).map(\.definition)
        let sample = Self.sample(drawing: drawable)
        // Each task drawn after the one before, as a page draws its forms: ids follow one another's.
        func build(errors: [FieldError], hiding hidden: Set<ObjectIdentifier> = [], data: JSONValue = sample,
                   withItems: Bool = false) -> (views: [ObjectIdentifier: ComponentView], ids: FieldIDs) {
            var ids = FieldIDs()
            var views: [ObjectIdentifier: ComponentView] = [:]
            for (page, pageWithItems) in zip(tasks, tasksWithItems) {
                let drawn = withItems ? pageWithItems
                    : hidden.isEmpty ? page.components : page.components.compactMap { $0.pruned(hiding: hidden) }
                let state = ScreenState(instanceID: "", modal: false, process: process, nodeID: page.node, task: page.task,
                                        components: drawn, data: data, rawValues: [:], errors: errors,
                                        stepper: nil, canGoBack: false, notice: nil, language: language)
                var builder = ScreenViewBuilder(templates: templates, project: project, links: links, markdown: markdown,
                                                state: state, ui: project.words.for(language), ids: ids)
                builder.recorded = [:]
                _ = builder.build(drawn)
                views.merge(builder.recorded ?? [:]) { first, _ in first }
                ids = builder.ids
            }
            return (views, ids)
        }
        func everyFieldInError(_ components: [ResolvedComponent]) -> [FieldError] {
            components.flatMap(\.flattened).flatMap { [$0.definition.key, $0.selection?.key].compactMap { $0 } }
                .map { FieldError(key: $0.description, message: "!") }
        }
        // Ids no page prints (a button's, a text's: their templates print none, and no error
        // summary links to them) cannot collide visibly: where they fall does not matter.
        var taskOf: [ObjectIdentifier: UserTask] = [:]
        for (page, pageWithItems) in zip(tasks, tasksWithItems) {
            for resolved in pageWithItems.flatMap(\.flattened) { taskOf[resolved.definition.identity] = page.task }
        }
        func silent(_ component: Component) -> Bool {
            isSilent(component, task: taskOf[component.identity] ?? tasks[0].task, templates: templates)
        }
        // Nor do the cards' and containers' a plan writes in (`writtenLayouts`), as its page draws them, and
        // its key tells which are shown. A clash matters where an entry's or a whole part's id moves.
        let written = writtenLayouts(Array(tasksWithItems.joined()))
        let drawnPerPlan = { (component: Component) in silent(component) || written.contains(component.identity) }
        let harmlessBases = Set(drawable.filter(drawnPerPlan).map(\.htmlID)).subtracting(drawable.filter { !drawnPerPlan($0) }.map(\.htmlID))
        func clashVisibly(_ ids: FieldIDs) -> Bool { !ids.clashedBases.isSubset(of: harmlessBases) }
        // A collection's ids are as many as its items: the others are specialized only when none
        // of their ids can start as one of the collection's does (unless neither is printed).
        if !collections.isEmpty {
            let found = collections.map { Self.idPrefixes(of: $0, silent: silent) }
            guard !found.contains(where: { $0 == nil }) else { return ([:], [:]) }
            let prefixes = found.compactMap { $0 }.flatMap { $0 }
            let others = build(errors: keys.map { FieldError(key: $0, message: "!") }, hiding: Set(collections.map(\.identity)))
            let silentIDs = Set(components.flatMap(\.flattened).filter { silent($0.definition) }.compactMap { others.views[$0.definition.identity]?.id })
            let collides = others.ids.used.contains { id in
                prefixes.contains { id.hasPrefix($0.prefix) && ($0.printed || !silentIDs.contains(id)) }
            }
            guard !collides else { return ([:], [:]) }
        }
        let valid = build(errors: [])
        let invalid = build(errors: keys.map { FieldError(key: $0, message: "!") })
        let shown = components.flatMap(\.flattened)
        // Options read from the data or following a parent field give ids of their own, as many as
        // the data holds: none may be another element's, whichever of them is drawn per request.
        guard !shown.contains(where: { optionIDsMayClash($0.definition, id: invalid.views[$0.definition.identity]?.id, used: invalid.ids.used) })
        else { return ([:], [:]) }
        // An input's affix that reads the data takes its id only while it shows: a component
        // whose id that is would take another whenever it does.
        let componentIDs = Set(invalid.views.values.map(\.id))
        guard !shown.contains(where: { resolved in
            let input = resolved.definition
            guard input.type == .input, let id = invalid.views[input.identity]?.id else { return false }
            return DataWords.affixes.contains { affix in
                componentIDs.contains(id + affix.idSuffix) && input.text(affix.property)?.dependsOnData(project.tags, language: language) == true
            }
        }) else { return ([:], [:]) }
        if clashVisibly(valid.ids) || clashVisibly(invalid.ids) {
            let allPlanned = shown.allSatisfy {
                isEligible($0.definition, project: project, language: language) || written.contains($0.definition.identity)
            }
            let sameIDs = shown.allSatisfy { valid.views[$0.definition.identity]?.id == invalid.views[$0.definition.identity]?.id }
            guard allPlanned, sameIDs, idsHoldWhateverIsHidden(shown, full: invalid.views, build: {
                build(errors: keys.map { FieldError(key: $0, message: "!") }, hiding: $0).views
            }) else { return ([:], [:]) }
        }

        // A page of the task with no data (but a child list's parent value): what a component's
        // rule works out on it names what the rule leaves to the request.
        func probing(_ page: PageTask, data: JSONValue = .object([:])) -> ScreenState {
            ScreenState(instanceID: "", modal: false, process: process, nodeID: page.node, task: page.task, components: page.components,
                        data: data, rawValues: [:], errors: [], stepper: nil, canGoBack: false, notice: nil, language: language)
        }
        let drafting = Drafting(project: project, templates: templates, links: links, markdown: markdown)
        var result: [ObjectIdentifier: Entry] = [:]
        for page in tasks {
            let probe = probing(page)
            for resolved in page.components.flatMap(\.flattened) {
                let component = resolved.definition
                // A child list's own entry is the one it has while it waits for its parent.
                guard isEligible(component, project: project, language: language),
                      let entry = Self.entry(component, probe: probe, drafting: drafting, valid: valid.views, invalid: invalid.views,
                                             waiting: component.parentKey != nil)
                else { continue }
                guard let parent = component.parentKey, let codes = choiceCodes(component, project: project) else {
                    result[component.identity] = entry
                    continue
                }
                // A child list: an entry per parent value that offers options, built with that value (its
                // options' labels that read the data the request's); a value under which any id of the
                // screen moves keeps the general path.
                var choices: [String: Entry] = [:]
                for code in codes {
                    var (data, chosenData) = (sample, JSONValue.object([:]))
                    parent.set(.string(code), in: &data)
                    parent.set(.string(code), in: &chosenData)
                    let chosenValid = build(errors: [], data: data)
                    let chosenInvalid = build(errors: keys.map { FieldError(key: $0, message: "!") }, data: data)
                    guard shown.allSatisfy({ chosenInvalid.views[$0.definition.identity]?.id == invalid.views[$0.definition.identity]?.id }),
                          let chosen = Self.entry(component, probe: probing(page, data: chosenData), drafting: drafting,
                                                  valid: chosenValid.views, invalid: chosenInvalid.views) else { continue }
                    choices[code] = chosen
                }
                result[component.identity] = entry.choosing(Choices(parent: parent, entries: choices))
            }
        }
        guard !collections.isEmpty, let page = tasks.first, tasks.count == 1 else { return (result, [:]) }
        let itemsValid = build(errors: [], withItems: true)
        let itemsInvalid = build(errors: everyFieldInError(tasksWithItems[0]), withItems: true)
        var unrolled: [ObjectIdentifier: UnrolledCollection] = [:]
        let drawn = DrawnWithItems(valid: itemsValid.views, invalid: itemsInvalid.views, invalidIDs: itemsInvalid.ids)
        for collection in collections {
            guard let made = unroll(collection, depth: 0, count: itemCount, probe: probing(page), drafting: drafting, drawn: drawn, silent: silent)
            else { continue }
            result.merge(made.entries) { first, _ in first }
            unrolled.merge(made.collections) { first, _ in first }
        }
        return (result, unrolled)
    }

    /// A one-task page drawn with its collections' first items: each component's views, valid and
    /// invalid, and the invalid page's ids.
    private struct DrawnWithItems {
        let valid: [ObjectIdentifier: ComponentView]
        let invalid: [ObjectIdentifier: ComponentView]
        let invalidIDs: FieldIDs
    }

    /// How a page plan unrolls `collection` and each collection inside its items, with the
    /// entries of their item components; nil when any of them cannot be (then the page draws
    /// the outermost whole).
    private static func unroll(_ collection: Component, depth: Int, count: (Component, Int) -> Int, probe: ScreenState, drafting: Drafting,
                               drawn: DrawnWithItems, silent: (Component) -> Bool)
        -> (entries: [ObjectIdentifier: Entry], collections: [ObjectIdentifier: UnrolledCollection])? {
        guard let items = itemEntries(collection, depth: depth, count: count, probe: probe, drafting: drafting, drawn: drawn, silent: silent),
              let plain = drawn.valid[collection.identity], let view = drawn.invalid[collection.identity] else { return nil }
        let itemLabel = collection.text("itemLabel")
        var collections = items.collections
        collections[collection.identity] = UnrolledCollection(
            describedBy: plain.describedBy, describedByInvalid: view.describedBy,
            firstRadioID: collection.selectKey.flatMap { drawn.invalidIDs.byKey[$0.description] },
            itemLabel: itemLabel, labelReadsOnlyItem: itemLabel?.readsOnlyItem(drafting.project.tags, language: probe.language) ?? true)
        return (items.entries, collections)
    }

    /// The entries of a collection's item components for its first `count` items, when a page plan can
    /// unroll it: its words read no data (but `itemLabel`, asked per request), its radios' values
    /// are the items' indexes, its error's id is the one a valid page names, and each item
    /// component is a card or container (written into the plan) or is specialized with its own
    /// id (a key or an id, which holds the item's index) or none printed (its words, markdown,
    /// rule words, image source and table rows that read the data are read per request in the
    /// item's data; `$index` is its copy's, written in) or is a collection unrolled in turn
    /// (`depth` is how many collections' items this one is inside).
    private static func itemEntries(_ collection: Component, depth: Int, count: (Component, Int) -> Int, probe: ScreenState, drafting: Drafting,
                                    drawn: DrawnWithItems, silent: (Component) -> Bool)
        -> (entries: [ObjectIdentifier: Entry], collections: [ObjectIdentifier: UnrolledCollection])? {
        let (language, project) = (probe.language, drafting.project)
        let (valid, invalid) = (drawn.valid, drawn.invalid)
        let texts = [collection.label, collection.hint, collection.title, collection.text("emptyText")]
        guard collection.selectValue == nil, !texts.contains(where: { $0?.dependsOnData(project.tags, language: language) ?? false }),
              let view = invalid[collection.identity], collection.selectKey == nil || view.errorID == view.id + "-error" else { return nil }
        var entries: [ObjectIdentifier: Entry] = [:]
        var collections: [ObjectIdentifier: UnrolledCollection] = [:]
        func add(_ components: [Component]) -> Bool {
            for component in components {
                // A collection in the item is unrolled in turn, its items' components with it.
                if component.type == .collection {
                    guard let inner = unroll(component, depth: depth + 1, count: count, probe: probe, drafting: drafting, drawn: drawn,
                                             silent: silent)
                    else { return false }
                    entries.merge(inner.entries) { first, _ in first }
                    collections.merge(inner.collections) { first, _ in first }
                    continue
                }
                // A card or container is written into the plan (`writtenLayouts`), its words read in the item.
                if component.type.isContainer {
                    guard add(component.children) else { return false }
                    continue
                }
                let ownID = component.key != nil || component.id != nil
                guard ownID || silent(component), component.parentKey == nil,
                      !component.readsOptionsFromData || component.type == .select,
                      isEligible(component, project: project, language: language),
                      silent(component) || (valid[component.identity]?.id == component.htmlID && invalid[component.identity]?.id == component.htmlID),
                      let entry = entry(component, probe: probe, drafting: drafting, valid: valid, invalid: invalid)
                else { return false }
                entries[component.identity] = entry
            }
            return true
        }
        for index in 0..<count(collection, depth) {
            guard add(collection.item(index)) else { return nil }
        }
        return (entries, collections)
    }

    /// What drafting an entry reads beside its page: the project and how it is drawn.
    private struct Drafting {
        let project: Project
        let templates: TemplateSet
        let links: any PageLinks
        let markdown: MarkdownCache
    }

    /// `component`'s entry from the views of its screen built with no data, valid and invalid.
    /// Its rule's names are those the rule answers on `probe`, its page with no data. `waiting`:
    /// a child list's entry while its parent is empty (its hint names the parent).
    private static func entry(_ component: Component, probe: ScreenState, drafting: Drafting,
                              valid: [ObjectIdentifier: ComponentView], invalid: [ObjectIdentifier: ComponentView],
                              waiting: Bool = false) -> Entry? {
        let rule = ComponentRequestRule.of(component, task: probe.task, project: drafting.project, language: probe.language,
                                           markdown: drafting.markdown, data: probe.data)
        let words = DataWords.of(component, project: drafting.project, language: probe.language, waitingIn: waiting ? probe.task : nil)
        let ruleValues = RequestRuleValues.of(rule, words: words, component, disabled: false, value: "", chosen: [], error: nil,
                                              fieldID: "", formAction: "",
                                              state: probe, links: drafting.links, markdown: drafting.markdown,
                                              tags: drafting.project.tags, scope: nil)
        guard let view = invalid[component.identity], let plain = valid[component.identity],
              let template = template(of: component, task: probe.task, templates: drafting.templates),
              let specialized = TemplateSpecializer.specialize(template, root: ComponentViewContext(view), isDynamic: { key, inRow in
                  // Only a field's value is the request's (a Remove button's, its item's index, is its copy's).
                  (FieldRequestValues.answers(key, inRow: inRow) && (component.type.isField || ViewKey(key) != .value))
                      || (!inRow && ruleValues?.value(for: key) != nil)
              }) else { return nil }
        return Entry(template: specialized, id: view.id, describedBy: plain.describedBy, describedByInvalid: view.describedBy,
                     optionValues: ruleValues?.options != nil ? [] : view.options.map(\.value), rule: rule, words: words,
                     ownTarget: PostTarget(component, task: probe.task))
    }

    /// Whether a choice field whose options are read from the data, or follow its parent's
    /// value (a child list), may give an option an id another element has: its options' ids are
    /// its own followed by `-2`, `-3`… (as many as the data holds or the parent's value offers),
    /// so no other id of the screen may be of that form. A select's options carry no ids.
    private static func optionIDsMayClash(_ component: Component, id: String?, used: Set<String>) -> Bool {
        guard component.readsOptionsFromData || component.parentKey != nil, component.type != .select else { return false }
        guard let id else { return true }
        let prefix = id + "-"
        return used.contains { other in
            other.hasPrefix(prefix) && other.count > prefix.count && other.dropFirst(prefix.count).allSatisfy(\.isASCIIDigit)
        }
    }

    /// The parent values under which a child list's enumeration offers options; nil for a field
    /// whose options follow no other field's value through an enumeration.
    private static func choiceCodes(_ component: Component, project: Project) -> [String]? {
        guard component.parentKey != nil, let name = component.enumerationName,
              let list = project.enumerations[name], list.parent != nil else { return nil }
        return Array(Set(list.items.compactMap(\.parentCode))).sorted()
    }

    /// Whether every component keeps its id whichever of those with a `hide` condition are
    /// hidden. Hiding frees ids, so an id can only move to a smaller suffix, and by as much as
    /// the freed ids allow: checking the extremes is enough — all of them hidden, and each
    /// one shown alone — for every id to be the full page's.
    private static func idsHoldWhateverIsHidden(_ shown: [ResolvedComponent], full: [ObjectIdentifier: ComponentView],
                                                build: (Set<ObjectIdentifier>) -> [ObjectIdentifier: ComponentView]) -> Bool {
        let hideable = shown.filter { $0.definition.hide != nil }.map(\.definition.identity)
        guard !hideable.isEmpty else { return true }
        let all = Set(hideable)
        for hidden in [all] + hideable.map({ all.subtracting([$0]) }) {
            guard build(hidden).allSatisfy({ full[$0.key]?.id == $0.value.id }) else { return false }
        }
        return true
    }

    /// How every id a collection gives on some page starts: its own, its choice's radios', its
    /// items' components' (their own ids, or their keys under the collection's source, or their
    /// type), and whether a page prints it. Nil when that cannot be told: a collection, or one
    /// inside an item, without a source.
    private static func idPrefixes(of collection: Component, silent: (Component) -> Bool) -> [(prefix: String, printed: Bool)]? {
        guard let source = collection.source, let itemPrefixes = itemIDPrefixes(collection.children, under: source, silent: silent)
        else { return nil }
        let own = [collection.htmlID] + (collection.selectKey.map { ["field-" + HTMLID.sanitise($0.description)] } ?? [])
        let prefixes = own.map { (prefix: $0, printed: true) } + itemPrefixes
        // An id that is all punctuation becomes `x` alone, not the start of its items' ids.
        return prefixes.contains { $0.prefix == "x" } ? nil : prefixes
    }

    /// How the ids of an item's components start, their keys under `source`: in a collection
    /// inside the item, under its own source when it reads the instance data, else (`$item…`)
    /// still under this one (`Component.rebased`); its choice is the item's.
    private static func itemIDPrefixes(_ items: [Component], under source: DataPath,
                                       silent: (Component) -> Bool) -> [(prefix: String, printed: Bool)]? {
        var prefixes: [(prefix: String, printed: Bool)] = []
        let keyed = "field-" + HTMLID.sanitise(source.description)
        for item in items {
            prefixes.append((item.id.map { HTMLID.sanitise($0) } ?? (item.key != nil ? keyed : "c-" + item.type.rawValue), !silent(item)))
            var inner = source
            if item.type == .collection {
                guard let own = item.source else { return nil }
                if case .key("$item")? = own.segments.first {} else { inner = own }
                if item.selectKey != nil { prefixes.append((keyed, true)) }
            }
            guard let more = itemIDPrefixes(item.children, under: inner, silent: silent) else { return nil }
            prefixes += more
        }
        return prefixes
    }

    /// Whether a page prints `component`'s id nowhere: no key (the error summary would link to
    /// it), and a template that prints no id.
    private static func isSilent(_ component: Component, task: UserTask, templates: TemplateSet) -> Bool {
        guard component.key == nil, let template = template(of: component, task: task, templates: templates) else { return false }
        return !template.lookedUpNames.contains { ViewKey($0)?.isID ?? false }
    }

    /// Shown, enabled, with its children: the shape every page of the screen is a part of.
    private static func everything(_ component: Component) -> ResolvedComponent {
        ResolvedComponent(definition: component, disabled: false, children: component.children.map(everything))
    }

    /// The data a page is drafted with so that `components` draw what a request may give them:
    /// an address per image whose source is read from the data (it draws nothing without); a row
    /// per table, an option per select whose options are read from the data, a stored file per
    /// upload (collections' first items' too, after the tables, which may list a collection's
    /// source): their lists' bodies are checked against an item (`TemplateSpecializer` keeps a
    /// list section only so). Paths that start with `$item` land under `$item`: an item's.
    private static func sample(drawing components: [Component]) -> JSONValue {
        var sample: JSONValue = .object([:])
        // A source that is FEEL is drafted when it is a data path (`=logo`); a page whose FEEL
        // computes more is drawn whole.
        func source(_ component: Component) -> DataPath? { component.source ?? component.sourceExpression?.plainFEELPath }
        for image in components where image.type == .image { source(image)?.set(.string("/image"), in: &sample) }
        for table in components where table.type == .table { source(table)?.set(.array([.object([:])]), in: &sample) }
        for select in components where select.readsOptionsFromData {
            source(select)?.set(.array([.object(["value": .string("option"), "label": .string("option")])]), in: &sample)
        }
        for upload in components where upload.type == .fileUpload {
            upload.key?.set(.array([.object(["id": .string("file"), "name": .string("file"), "size": .number(1)])]), in: &sample)
        }
        return sample
    }

    /// `resolved` with each collection's first `count` items, their data what its item
    /// components read from an item (`sample`).
    private static func drawnWithItems(_ resolved: ResolvedComponent, depth: Int, count: (Component, Int) -> Int) -> ResolvedComponent {
        var drawn = ResolvedComponent(definition: resolved.definition, disabled: resolved.disabled, defaultValue: resolved.defaultValue,
                                      children: resolved.children.map { drawnWithItems($0, depth: depth, count: count) })
        guard resolved.definition.type == .collection else { return drawn }
        let indexes = 0..<count(resolved.definition, depth)
        // What the item's components read from it (`$item.photo`, `$item.rows`), as the page's are drafted.
        let item = sample(drawing: resolved.definition.children.flatMap(\.flattened))["$item"] ?? .object([:])
        drawn.items = indexes.map { index in
            ResolvedItem(index: index, value: item,
                         components: resolved.definition.item(index).map { drawnWithItems(everything($0), depth: depth + 1, count: count) })
        }
        drawn.selection = resolved.definition.selectionField(items: indexes.map { _ in JSONValue.object([:]) })
        return drawn
    }

    /// A shown component as it is specialized: enabled (`disabled` is the request's), with its shown children.
    private static func enabled(_ resolved: ResolvedComponent) -> ResolvedComponent {
        ResolvedComponent(definition: resolved.definition, disabled: false, children: resolved.children.map(enabled))
    }

    /// Types whose markup is fixed but for the dynamic names, with words that read no data (but
    /// a label, hint or title, the request's: `DataWords`) and options that do not follow another field.
    private static func isEligible(_ component: Component, project: Project, language: String) -> Bool {
        // Columns computed per view (form-js's `columnsExpression`) change the table's markup itself.
        if component.columnsExpression != nil { return false }
        switch component.type {
        case .input, .textarea, .select, .radio, .checkbox, .segmented, .multiselect, .switch, .button, .text, .message, .link,
             .slider, .datepicker, .fileUpload, .table:
            break
        case .custom:
            // A project's template of its identifier (drawn by its Swift provider instead when one
            // is registered: `ScreenViewBuilder.view` asks that first).
            break
        case .image:
            // A media key or a URL: the same picture on every page; a data path's is the request's.
            break
        default:
            return false
        }
        // Options that follow the data: a source list, unless a choice field reads its own options
        // there (a request name); a child list has an entry per parent value.
        if (component.optionsSource != nil && !component.readsOptionsFromData)
            || (component.parentKey != nil && choiceCodes(component, project: project) == nil) { return false }
        let mediaAlt = component.mediaKey.flatMap { project.media[$0]?.alt }
        // A text's or message's markdown may read data: its HTML is left to the request; so are
        // the words `DataWords` carries and a rule writes. Any other word that reads data keeps it whole.
        let carried = Set(DataWords.carried(component).map(\.0))
        let words = DataWords.fieldWords(component).filter { !carried.contains($0.0) && $0.0 != DataWords.writtenByRule(component) }
            .map(\.1)
        // An input's prefix and suffix are among its own words, a slider's suffix its rule's.
        let written = component.type == .input ? DataWords.affixes.map(\.property) : component.type == .slider ? ["suffix"] : []
        let texts = words + [component.type == .text || component.type == .message ? nil : component.markdown,
                             carried.contains(.alt) ? nil : component.alt, mediaAlt]
            + ["prefix", "suffix", "subtitle"].filter { !written.contains($0) }.map(component.text)
            + component.tableColumns.map(\.label)
            // Option labels that read the data are the request's for a choice field and any child list.
            + (component.parentKey != nil || component.optionsWithLabelsReadingData(project, language: language) != nil
                ? [] : project.options(for: component, data: .null, language: language).map(\.label))
        return !texts.contains { $0?.dependsOnData(project.tags, language: language) ?? false }
    }

    /// The containers and cards among `components` a page plan writes in, their children parts
    /// of their own (`ScreenParts.record`): every one, a collection's items' too, its words that
    /// read the data (in an item, the item's) and whether it is disabled left to the request.
    static func writtenLayouts(_ components: [ResolvedComponent]) -> Set<ObjectIdentifier> {
        Set(components.flatMap(\.flattened).map(\.definition).filter(\.type.isContainer).map(\.identity))
    }

    /// The template `component` is drawn with: a `link` action's button is a real link; a custom
    /// component is the project's template of its `identifier`, else the placeholder.
    private static func template(of component: Component, task: UserTask, templates: TemplateSet) -> CompiledTemplate? {
        if component.type == .custom {
            return templates.custom[component.properties["identifier"]?.stringValue ?? "custom"] ?? templates.components["unsupported"]
        }
        if component.type == .button, let action = component.action, task.action(named: action)?.kind == .link {
            return templates.components["actionLink"]
        }
        return templates.components[component.type.rawValue]
    }
}

private extension ResolvedComponent {
    /// This component without those in `hidden` (nil when it is one of them).
    func pruned(hiding hidden: Set<ObjectIdentifier>) -> ResolvedComponent? {
        guard !hidden.contains(definition.identity) else { return nil }
        return ResolvedComponent(definition: definition, disabled: disabled, defaultValue: defaultValue,
                                 children: children.compactMap { $0.pruned(hiding: hidden) })
    }
}
