import Definitions
import Expressions
import Template

/// Whole-page plans of screens: one task on the page, or a `single` page's several.
///
/// Such a page differs from request to request only in a few names (the instance's URLs, the
/// CSRF token, the title, the notice, the tabs, the settings' looks, the error summary's items), in the
/// dynamic names of its specialized components and unrolled collections' items, and in the
/// components that are not specialized (a custom component, a collection of many items…), drawn
/// whole per request. Everything else (the chrome, the screen's
/// and form's markup, cards and containers, the words of the UI) depends only on the task, the
/// language, which components are shown and whether errors are: the plan's key. The first
/// such page is drawn the general way and specialized (`TemplateSpecializer.specialize(page:…)`,
/// specialized components inlined as parts, the others left as whole parts), then printed from
/// the plan like every later one, with a `PlannedPageValues`, building views only for whole parts.
/// A key's value is nil when its first page could not be planned (drawn the general way since).
/// Keys come from the definitions, so there are few; the table is bounded all the same.
typealias ScreenPlans = KeptResults<ScreenPlanKey, ScreenPlan?>

/// A page's plan and what each shown component is in it: the key fixes both, so a request
/// looks up neither again. Shared by every page of its key: handed out by reference (a copy
/// out of the table retained each of its fields).
final class ScreenPlan: Sendable {
    let template: CompiledTemplate
    /// Per shown component, in the order of `Renderer.forEachPlanned`: what it is in the plan.
    let parts: [PartKind]
    /// Per form, where it posts, whether it has its own Back and posts files: fixed by the task and the components too.
    let forms: [FormFacts]
    /// The page's h1 and title when they read no data (the common case); else worked out per request.
    let headings: (heading: String, title: String)?
    /// The stepper the plan was made with and its header: a task's stepper is fixed by its
    /// process (a called one's by its caller too), so a page of the plan shows this one but
    /// for a task called from two processes (then drawn from `StepperHeaders`).
    let stepper: (shown: Stepper, html: TemplateValue)?

    init(template: CompiledTemplate, parts: [PartKind], forms: [FormFacts], headings: (heading: String, title: String)?,
         stepper: (shown: Stepper, html: TemplateValue)?) {
        (self.template, self.parts, self.forms, self.headings, self.stepper) = (template, parts, forms, headings, stepper)
    }

    /// What a shown component is in a plan.
    enum PartKind: Sendable {
        /// Specialized: its request values are worked out from its entry (a table drawn from
        /// its rows alone is printed whole, its markup kept with its rows).
        case specialized(SpecializedComponents.Entry)
        /// A container or card written into the plan, its children parts of their own; its
        /// words that read the data are the request's, and so is whether it is disabled.
        case layout(DataWords?)
        /// A collection written into the plan, each of its items (`item`) and their components
        /// parts of their own.
        case collection(UnrolledCollection)
        /// An item of an unrolled collection: its label and whether it is chosen.
        case item
        /// Drawn whole per request (its view built by `ScreenViewBuilder`).
        case whole
        /// Inside a component drawn whole, which draws it.
        case insideWhole
    }
}

/// Everything a screen plan bakes in that is not fixed for the renderer.
struct ScreenPlanKey: Hashable, Sendable {
    let language: Int
    let process: String
    let node: String
    /// The shown components, in the order of `Renderer.forEachPlanned` (`Component.identity`),
    /// an unrolled collection's once more per item (its items' components are copies of their own).
    let components: [ObjectIdentifier]
    /// Whether the error summary is shown (its items are the request's).
    let hasErrors: Bool
    /// Per shown child list, in the same order, its parent field's value: it picks the
    /// list's options (`SpecializedComponents.Choices`). Empty on most screens.
    let choices: [String]
    /// The project's errors and warnings the page lists: the loaded project's, the same on
    /// every page, so they are written into the plan (and not hashed).
    let projectErrors: [String]
    let projectWarnings: [String]
    /// A read-only shared view (its form in a disabled fieldset), and whether the process map
    /// is beside the form (the map itself is the request's).
    let readOnly: Bool
    let showsMap: Bool

    /// Without the names: the components tell tasks apart but for an empty screen, and
    /// hashing two strings cost more than the rest of the look-up. The components' addresses
    /// are folded into one word first (FNV-1a over words), which alone is hashed: a `Hasher`
    /// round per component cost more than the rest of the key.
    func hash(into hasher: inout Hasher) {
        hasher.combine(language)
        hasher.combine(hasErrors)
        hasher.combine(showsMap)
        var folded: UInt64 = 0xcbf2_9ce4_8422_2325
        for component in components { folded = (folded ^ UInt64(UInt(bitPattern: component))) &* 0x100_0000_01b3 }
        hasher.combine(folded)
        for choice in choices { hasher.combine(choice) }
    }
}

/// While a page is planned: the part each shown component's context is, and what each shown
/// component is in the plan (`ScreenPlan.PartKind`, in `forEachPlanned`'s order).
struct ScreenParts {
    var byContext: [ObjectIdentifier: TemplateSpecializer.Part] = [:]
    var kinds: [ScreenPlan.PartKind] = []
    /// Whether the page shows errors: the same on every page of its plan (`ScreenPlanKey`).
    let hasErrors: Bool

    init(hasErrors: Bool) {
        self.hasErrors = hasErrors
    }

    func part(of context: any TemplateContext) -> TemplateSpecializer.Part? {
        byContext[ObjectIdentifier(context)]
    }

    /// Records `resolved`, drawn as `values`: a specialized component is a part the plan
    /// inlines, a container or card it writes in (`SpecializedComponents.writtenLayouts`) is
    /// written with its children recorded in turn (its words that read the data and whether it
    /// is disabled left to the request), so is a collection `unrolled` answers for, its items
    /// and their components in turn; anything else is drawn whole. False when a component was
    /// drawn as no embedded template: no plan then.
    /// `disabledAround`: whether a component around these has a `disabled` condition.
    mutating func record(_ resolved: [ResolvedComponent], drawnAs values: [TemplateValue], disabledAround: Bool = false,
                         writesLayout: (Component) -> Bool, layoutWords: (Component) -> DataWords?,
                         entry: (Component) -> SpecializedComponents.Entry?,
                         unrolled: (borrowing ResolvedComponent) -> UnrolledCollection?) -> Bool {
        guard resolved.count == values.count else { return false }
        for (component, value) in zip(resolved, values) {
            guard case .embed(_, let context) = value else { return false }
            let index = kinds.count
            let mayBeDisabled = disabledAround || component.definition.disabled != nil
            let varies = PlannedNames(hasErrors: hasErrors, mayBeDisabled: mayBeDisabled)
            // An entry printed whole may have been drawn as nothing (an image the data names none of yet).
            if let entry = entry(component.definition), entry.printedWhole || context is SpecializedComponentContext {
                byContext[ObjectIdentifier(context)] = entry.printedWhole ? .whole(index)
                    : .mixed(index, isDynamic: varies.ofComponent(component.definition, entry: entry))
                kinds.append(.specialized(entry))
            } else if writesLayout(component.definition), let layout = context as? ComponentViewContext {
                let words = layoutWords(component.definition)
                let dynamic = Set((words?.texts ?? []).map(\.key))
                byContext[ObjectIdentifier(context)] = words == nil && !mayBeDisabled ? .fixed : .mixed(index) { key in
                    guard key.row < 0, let name = ViewKey(key) else { return false }
                    return name == .disabled ? mayBeDisabled : dynamic.contains(name)
                }
                kinds.append(.layout(words))
                guard record(component.children, drawnAs: layout.view.children, disabledAround: mayBeDisabled,
                             writesLayout: writesLayout, layoutWords: layoutWords, entry: entry, unrolled: unrolled) else { return false }
            } else if let collection = unrolled(component), let view = context as? ComponentViewContext,
                      case .list(let items)? = view.view.extra(.items), items.count == component.items.count {
                byContext[ObjectIdentifier(context)] = .mixed(index, isDynamic: varies.ofCollection)
                kinds.append(.collection(collection))
                for (item, drawn) in zip(component.items, items) {
                    guard case .object(let itemContext) = drawn, let itemView = itemContext as? KeyedView,
                          case .list(let components)? = itemView[.components] else { return false }
                    byContext[ObjectIdentifier(itemContext)] = .mixed(kinds.count, isDynamic: UnrolledCollection.isItemName)
                    kinds.append(.item)
                    guard record(item.components, drawnAs: components, disabledAround: mayBeDisabled,
                                 writesLayout: writesLayout, layoutWords: layoutWords, entry: entry, unrolled: unrolled)
                    else { return false }
                }
                // An item's components are printed without the item's data: with one drawn whole,
                // the collection is drawn whole.
                if kinds[(index + 1)...].contains(where: { if case .whole = $0 { true } else { false } }) {
                    kinds.removeSubrange((index + 1)...)
                    kinds[index] = .whole
                    byContext[ObjectIdentifier(context)] = .whole(index)
                }
            } else {
                byContext[ObjectIdentifier(context)] = .whole(index)
                kinds.append(.whole)
                if component.definition.type.isContainer { appendInsideWhole(component.children) }
            }
        }
        return true
    }

    private mutating func appendInsideWhole(_ children: [ResolvedComponent]) {
        for child in children {
            kinds.append(.insideWhole)
            if child.definition.type.isContainer { appendInsideWhole(child.children) }
        }
    }
}

extension Renderer {
    /// The plan key of a page that can be planned; nil for a page in another language than its instance's.
    func planKey(_ state: ScreenState, settings: PageSettings, languageIndex: Int) -> ScreenPlanKey? {
        guard languageIndex >= 0 else { return nil }
        var identities: [ObjectIdentifier] = []
        var choices: [String] = []
        // Room for the components inside containers and collections' items too: grown from
        // the top level's count, the array was made three times on a page with a table.
        identities.reserveCapacity(max(32, state.components.count * 2))
        let singleTask = state.sections.isEmpty
        // A task's components tell it apart, so the sections' components in order tell a page's
        // tasks apart; an unrolled collection's identity once more per item counts its items.
        forEachTask(state) { task in
            forEachPlanned(task.components, unrolls: { unrolled($0.pointee, languageIndex: languageIndex, singleTask: singleTask) != nil }) { component, _ in
                identities.append(component.pointee.definition.identity)
                if let parent = component.pointee.definition.parentKey { choices.append(SpecializedComponents.Choices.choice(parent.get(in: state.data))) }
            } item: { _, collection in
                identities.append(collection.pointee.definition.identity)
            }
        }
        return ScreenPlanKey(language: languageIndex, process: state.process.name, node: state.nodeID,
                             components: identities, hasErrors: !state.errors.isEmpty, choices: choices,
                             projectErrors: settings.projectErrors, projectWarnings: settings.projectWarnings,
                             readOnly: settings.readOnly, showsMap: settings.map != nil)
    }

    /// How a page plan unrolls `resolved`, a collection: nil when it is drawn whole (more items
    /// than its definition keeps the components of, a `single` page's several tasks, no entries).
    func unrolled(_ resolved: borrowing ResolvedComponent, languageIndex: Int, singleTask: Bool) -> UnrolledCollection? {
        guard singleTask, resolved.definition.type == .collection, resolved.items.count <= Component.itemsKept else { return nil }
        return specialized.unrolled(resolved.definition, language: languageIndex)
    }

    /// Each shown component and those inside a container or card, depth first, in the order
    /// they are drawn, with the item it is in (`within`); a collection's items (`item`) and their
    /// components when it `unrolls`, else they are its own. Handed out as pointers into the
    /// arrays, valid only during the call: a component passed by value was copied for each
    /// closure (five retains and releases per component per page view).
    func forEachPlanned(_ components: borrowing [ResolvedComponent], within: UnsafePointer<ResolvedItem>? = nil,
                        unrolls: (UnsafePointer<ResolvedComponent>) -> Bool,
                        _ body: (UnsafePointer<ResolvedComponent>, _ within: UnsafePointer<ResolvedItem>?) -> Void,
                        item: (UnsafePointer<ResolvedItem>, UnsafePointer<ResolvedComponent>) -> Void) {
        components.withUnsafeBufferPointer { components in
            guard let first = components.baseAddress else { return }
            for index in components.indices {
                let component = first + index
                let unrolled = component.pointee.definition.type == .collection && unrolls(component)
                body(component, within)
                if component.pointee.definition.type.isContainer {
                    forEachPlanned(component.pointee.children, within: within, unrolls: unrolls, body, item: item)
                } else if unrolled {
                    component.pointee.items.withUnsafeBufferPointer { items in
                        guard let firstItem = items.baseAddress else { return }
                        for itemIndex in items.indices {
                            let shown = firstItem + itemIndex
                            item(shown, component)
                            forEachPlanned(shown.pointee.components, within: shown, unrolls: unrolls, body, item: item)
                        }
                    }
                }
            }
        }
    }

    /// The page printed from its plan: only the request's names are worked out.
    func planned(_ plan: ScreenPlan, state: ScreenState, settings: PageSettings, ui: Words, languageIndex: Int) -> [UInt8] {
        // The kinds read once: a closure that captured `plan` copied it per call (a retain per field).
        let (kinds, formFacts) = (plan.parts, plan.forms)
        var parts: [FieldRequestValues] = []
        parts.reserveCapacity(kinds.count)
        var wholes: [TemplateValue] = []
        var forms: [FormRequestValues] = []
        // The error summary's links: ids are registered only when there are errors.
        var ids = FieldIDs()
        var index = 0
        // A `single` page's tasks have entries only when every component has one (then no part
        // is whole): its whole parts are drawn without entries, as when the plan was made.
        let taskLanguage = state.sections.isEmpty ? languageIndex : -1
        forEachTask(state) { task in
            let form = formFacts[forms.count]
            let formURL = form.action(links, instance: task.instanceID)
            // Made only for a task with whole parts: it holds copies of the project and the state.
            var builder: ScreenViewBuilder?
            // The unrolled collections whose items follow (one inside another's items after it), and their chosen items.
            var collections: [(shown: UnsafePointer<ResolvedComponent>, unrolled: UnrolledCollection, chosen: Int?)] = []
            forEachPlanned(task.components, unrolls: { _ in if case .collection = kinds[index] { true } else { false } }) { component, within in
                // In an item, what reads the data reads the item's: its scope, made only then.
                func itemScope(readsData: Bool) -> JSONValue? {
                    guard let within, readsData else { return nil }
                    return ResolvedItem.scope(task.data, item: within.pointee.value, index: within.pointee.index)
                }
                switch kinds[index] {
                case .specialized(let entry) where entry.printedWhole:
                    parts.append(FieldRequestValues.whole(at: wholes.count))
                    wholes.append(FieldRequestValues.printedWhole(entry, component.pointee.definition, state: task,
                                                                  links: links, tags: project.tags, scope: itemScope(readsData: entry.readsData)))
                case .specialized(let entry):
                    parts.append(FieldRequestValues(entry, component, state: task, links: links, markdown: markdown,
                                                    tags: project.tags, ids: &ids, scope: itemScope(readsData: entry.readsData), formTarget: form.target, formURL: formURL))
                case .collection(let unrolled):
                    parts.append(unrolled.requestValues(component, state: task, ids: &ids))
                    collections.append((component, unrolled, unrolled.chosenItem(component, state: task)))
                case .whole:
                    if builder == nil { builder = screenViewBuilder(copy task, ui: ui, languageIndex: taskLanguage) }
                    builder!.ids = ids
                    parts.append(FieldRequestValues.whole(at: wholes.count))
                    wholes.append(builder!.view(component.pointee))
                    ids = builder!.ids
                case .layout(nil) where !component.pointee.disabled:
                    parts.append(FieldRequestValues.none)
                case .layout(let words):
                    parts.append(FieldRequestValues.layout(component.pointee, words: words, state: task, tags: project.tags,
                                                           scope: itemScope(readsData: words != nil)))
                case .insideWhole, .item:
                    parts.append(FieldRequestValues.none)
                }
                index += 1
            } item: { item, resolved in
                let collection = collections.last { $0.shown == resolved }!
                parts.append(collection.unrolled.itemValues(item, total: resolved.pointee.items.count, chosen: collection.chosen,
                                                            state: task, tags: project.tags, ui: ui))
                index += 1
            }
            // Back's address only where Back shows (`formView`): a link made per page view.
            let showsBack = form.showsBack(canGoBack: task.canGoBack)
            forms.append(FormRequestValues(action: formURL, multipart: form.postsFiles, canGoBack: showsBack,
                                           backURL: showsBack ? links.back(task.instanceID) : ""))
        }
        let (heading, title) = plan.headings ?? headings(state, language: settings.language)
        let slots = PlannedPageValues(settings: settings, title: title, themeURL: themeURL(settings),
                              generation: generation(settings), notice: .optional(state.notice),
                              closeURL: closeURL(state),
                              stepper: plan.stepper.flatMap { $0.shown == state.stepper ? $0.html : nil } ?? stepperValue(state, ui: ui),
                              tabs: tabsValue(state, ui: ui),
                              heading: heading,
                              forms: forms, errors: errorSummary(state, ids: ids, ui: ui),
                              actionError: .optional(state.actionError), map: mapValue(settings, ui: ui), parts: parts,
                              wholes: wholes)
        var buffer = HTMLBuffer()
        plan.template.render(slots, into: &buffer)
        return buffer.bytes
    }
}
