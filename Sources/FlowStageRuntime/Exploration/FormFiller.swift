import Definitions
import Expressions
import Foundation

/// Fills a screen's form with values its validators accept, for the explorer: a field's value
/// already in the data, else its default, else the first option, the smallest valid number or
/// date (honouring `min`/`max`), `true` for `requiredTrue`, a text meeting `minLength`,
/// `maxLength`, `email` and a simple `pattern`, and a small sample file for a `fileUpload` that
/// needs one. It also offers variations: other values for the fields a condition of the project
/// reads (each option, the other truth value, the numbers and texts a condition compares with),
/// one field at a time, so the explorer meets the branches and hidden fields they decide.
struct FormFiller {
    let project: Project
    let language: String
    let now: Date
    /// Values the project's conditions compare a path with (`Expression.comparedValues`).
    let hints: [String: [JSONValue]]
    /// Paths some condition reads: fields under them get variations.
    let relevant: [String]
    /// Each condition's compared values, for conditions naming two paths or more: tried together.
    let combinations: [[(path: String, value: JSONValue)]]
    /// Most variations offered for one post, and most other options tried per choice field.
    static let maxVariations = 12
    static let maxOptions = 6

    /// One way to fill the form: the posted values in screen order, the files, and what could
    /// not be filled (field name → why).
    struct Fill {
        var values: [(name: String, value: String)] = []
        var files: [PostedFile] = []
        var unfilled: [String: String] = [:]
        /// For a variation: which field differs from the plain fill, and how (`loan.amount = 20001`).
        var variation: String?

        func form(screen key: String, extra: [(name: String, value: String)] = []) -> PostedForm {
            PostedForm([("_screen", key)] + extra + values, files: files)
        }
    }

    /// A field the form posts, with the values it could post: the first is the plain choice.
    private struct Candidates {
        let field: Component
        let name: String
        var values: [[String]]
        var alternatives: [[String]] = []
        var file: PostedFile?
        var unfilled: String?
    }

    init(project: Project, language: String, now: Date) {
        self.project = project
        self.language = language
        self.now = now
        var hints: [String: [JSONValue]] = [:]
        var relevant: [String] = []
        var combinations: [[(path: String, value: JSONValue)]] = []
        for expression in FormFiller.conditions(of: project) {
            let compared = expression.comparedValues
            for (path, value) in compared where !(hints[path]?.contains(value) ?? false) {
                hints[path, default: []].append(value)
            }
            for path in expression.readPaths where !relevant.contains(path) { relevant.append(path) }
            if Set(compared.map(\.path)).count > 1 { combinations.append(compared) }
        }
        self.hints = hints
        self.relevant = relevant
        self.combinations = combinations
    }

    /// Every expression that decides where a process or flow goes or what a screen shows:
    /// gateway branches, script tasks (their inputs feed gateways), `hide` and `disabled`, flow conditions.
    static func conditions(of project: Project) -> [Expression] {
        var found: [Expression] = []
        func visit(_ components: [Component]) {
            for component in components {
                if let hide = component.hide { found.append(hide) }
                if let disabled = component.disabled { found.append(disabled) }
                visit(component.children)
            }
        }
        for process in project.processes {
            for node in process.nodes {
                switch node.kind {
                case .exclusiveGateway(let branches), .inclusiveGateway(let branches, _):
                    found += branches.compactMap(\.when)
                case .scriptTask(let assignments):
                    found += assignments.map(\.expression)
                case .userTask(let task):
                    visit(task.screen)
                case .callActivity(let call):
                    found += call.input.map(\.expression)
                default:
                    break
                }
            }
        }
        for flow in project.flows {
            found += flow.conditions.keys.sorted().compactMap { flow.conditions[$0] }
            for state in flow.states { visit(state.screen) }
        }
        return found
    }

    // MARK: - Filling

    /// The plain fill of `state`. After a refused post, `attempt` > 0 tries the next candidate
    /// for each field in `refused` (the fields with errors).
    func fill(_ state: ScreenState, attempt: Int = 0, refused: Set<String> = [], upload: DataPath? = nil) -> Fill {
        var fill = Fill()
        for candidates in fields(state, upload: upload) {
            let choice = refused.contains(candidates.name) ? min(attempt, candidates.values.count - 1) : 0
            if choice >= 0, !candidates.values.isEmpty {
                fill.values += candidates.values[choice].map { (candidates.name, $0) }
            }
            if let file = candidates.file { fill.files.append(file) }
            if let why = candidates.unfilled { fill.unfilled[candidates.name] = why }
        }
        return fill
    }

    /// The plain fill with one relevant field changed at a time; then, for a condition that
    /// compares two or more of the screen's fields (`kind == 'c' && amount > 1000`), its values
    /// together, numbers as written, one above and one below. At most `maxVariations`.
    func variations(_ state: ScreenState) -> [Fill] {
        let all = fields(state, upload: nil)
        func fill(_ changes: [Int: [String]]) -> Fill {
            var fill = Fill()
            for (index, entry) in all.enumerated() {
                fill.values += (changes[index] ?? (entry.values.first ?? [])).map { (entry.name, $0) }
                if let file = entry.file { fill.files.append(file) }
            }
            fill.variation = changes.keys.sorted().map { index in
                let values = changes[index]!
                return "\(all[index].name) = \(values.isEmpty ? "(empty)" : values.joined(separator: ", "))"
            }.joined(separator: ", ")
            return fill
        }
        var together: [[Int: [String]]] = []
        for compared in combinations {
            for delta in [0.0, 1, -1] {
                var changes: [Int: [String]] = [:]
                for (path, value) in compared {
                    guard let index = all.firstIndex(where: { FormFiller.bare($0.name) == FormFiller.bare(path) }) else { continue }
                    if let number = value.numberValue {
                        changes[index] = [JSONValue.format(number + delta)]
                    } else {
                        changes[index] = [value.displayString]
                    }
                }
                if changes.count > 1, !together.contains(changes) { together.append(changes) }
            }
        }
        together = Array(together.prefix(FormFiller.maxVariations / 2))
        var variations: [Fill] = []
        outer: for (index, candidates) in all.enumerated() where !candidates.alternatives.isEmpty {
            for alternative in candidates.alternatives {
                if variations.count + together.count >= FormFiller.maxVariations { break outer }
                variations.append(fill([index: alternative]))
            }
        }
        return variations + together.map(fill)
    }

    /// A path without its list indexes: `rows[2].name` is `rows.name`, as conditions over `$item` name it.
    static func bare(_ path: String) -> String {
        path.replacingOccurrences(of: #"\[\d+\]"#, with: "", options: .regularExpression)
    }

    /// Whether the shown screen has a field that must not be left empty: the empty post then
    /// shows the screen's error state.
    func hasRequiredFields(_ state: ScreenState) -> Bool {
        postable(state.components).contains { field, _ in
            field.isRequired
        }
    }

    /// The shown, enabled fields a browser would post (a collection's item choice included).
    private func postable(_ components: [ResolvedComponent]) -> [(Component, JSONValue?)] {
        var found: [(Component, JSONValue?)] = []
        func visit(_ components: [ResolvedComponent]) {
            for component in components {
                if !component.disabled {
                    if let selection = component.selection {
                        found.append((selection, nil))
                    } else if component.definition.type.isField, component.definition.key != nil {
                        found.append((component.definition, component.defaultValue))
                    }
                }
                visit(component.children)
                for item in component.items { visit(item.components) }
            }
        }
        visit(components)
        return found
    }

    private func fields(_ state: ScreenState, upload: DataPath?) -> [Candidates] {
        var seen = Set<String>()
        var evaluator = Evaluator(language: language, now: now)
        return postable(state.components).compactMap { field, defaultValue in
            guard let key = field.key, seen.insert(key.description).inserted else { return nil }
            return candidates(field, key: key, defaultValue: defaultValue, state: state, upload: upload, evaluator: &evaluator)
        }
    }

    private func candidates(_ field: Component, key: DataPath, defaultValue: JSONValue?, state: ScreenState,
                            upload: DataPath?, evaluator: inout Evaluator) -> Candidates {
        let name = key.description
        var result = Candidates(field: field, name: name, values: [])
        if field.type == .fileUpload {
            // An upload action needs a file every time; a required field only while it has none.
            let needed = upload?.description == name
                || (field.validators.contains { $0.kind == .required } && key.get(in: state.data) == .null)
            if needed {
                if let file = FormFiller.sampleFile(for: field, name: name) {
                    result.file = file
                } else {
                    result.unfilled = "no sample file is of a type it accepts (\(UploadRules(field).accept.joined(separator: ", ")))"
                }
            }
            return result
        }
        if field.type == .custom { return result }
        // What the page shows: a value typed after a refused post, the data, else the default.
        var shown: [String]?
        if let raw = state.rawValues[name] {
            shown = [raw]
        } else {
            var value = key.get(in: state.data)
            if value == .null, let defaultValue { value = defaultValue }
            shown = FormFiller.posted(value, field)
        }
        let synthesized = synthesize(field, data: state.data, evaluator: &evaluator)
        if let shown, !shown.isEmpty { result.values.append(shown) }
        for values in synthesized.values where !result.values.contains(values) { result.values.append(values) }
        if result.values.isEmpty { result.values = [[]] }
        if let why = synthesized.unfilled, result.values == [[]] { result.unfilled = why }
        if isRelevant(name) {
            let plain = result.values.first ?? []
            result.alternatives = synthesized.alternatives.filter { $0 != plain }
            var unique: [[String]] = []
            for alternative in result.alternatives where !unique.contains(alternative) { unique.append(alternative) }
            result.alternatives = unique
        }
        return result
    }

    /// How a value already in the data is posted; nil when there is none.
    static func posted(_ value: JSONValue, _ field: Component) -> [String]? {
        switch value {
        case .null: return nil
        case .array(let items): return items.isEmpty ? nil : items.map(\.displayString)
        case .bool(let flag) where field.type == .checkbox || field.type == .switch: return flag ? ["true"] : []
        case .string(let text) where text.trimmingWhitespace().isEmpty: return nil
        case .object: return nil
        default: return [value.displayString]
        }
    }

    private func isRelevant(_ name: String) -> Bool {
        let bare = name.replacingOccurrences(of: #"\[\d+\]"#, with: "", options: .regularExpression)
        return relevant.contains { path in
            path == name || path == bare || name.hasPrefix(path + ".") || path.hasPrefix(name + ".")
                || bare.hasPrefix(path + ".") || path.hasPrefix(bare + ".")
        }
    }

    // MARK: - Values by type

    private struct Synthesized {
        var values: [[String]] = []
        var alternatives: [[String]] = []
        var unfilled: String?
    }

    private func synthesize(_ field: Component, data: JSONValue, evaluator: inout Evaluator) -> Synthesized {
        var result = Synthesized()
        let hinted = hints(for: field.key?.description ?? "")
        let required = field.validators.contains { $0.kind == .required }
        switch field.type {
        case .select, .radio, .segmented:
            let options = project.options(for: field, data: data, language: language).map(\.value)
            guard let first = options.first else {
                if required { result.unfilled = "it offers no option to choose" }
                return result
            }
            result.values = [[first]] + options.dropFirst().prefix(2).map { [$0] }
            let hintedOptions = options.filter { option in hinted.contains { $0.displayString == option } }
            result.alternatives = (Array(options.prefix(FormFiller.maxOptions)) + hintedOptions).map { [$0] }
        case .checkbox where field.isCheckboxGroup, .multiselect:
            let options = project.options(for: field, data: data, language: language).map(\.value)
            let least = max(1, Int(bound(.minLength, of: field, data: data, evaluator: &evaluator) ?? 1))
            guard options.count >= least else {
                if required { result.unfilled = "it offers fewer than \(least) options" }
                return result
            }
            result.values = [Array(options.prefix(least))]
            result.alternatives = options.prefix(FormFiller.maxOptions).map { [$0] }.filter { _ in least == 1 }
        case .checkbox, .switch:
            if field.validators.contains(where: { $0.kind == .requiredTrue }) {
                result.values = [["true"]]
            } else {
                result.values = [[]]
                result.alternatives = [["true"], []]
            }
        case .slider:
            let low = field.number("min") ?? 0
            let high = field.number("max")
            result.values = [[JSONValue.format(low)]]
            result.alternatives = ([high].compactMap { $0 } + hinted.compactMap(\.numberValue))
                .filter { $0 >= low && $0 <= (high ?? .infinity) }.map { [JSONValue.format($0)] }
        case .datepicker:
            let today = CivilDate(now, in: .current).description
            var low = field.dateBound("min")?.iso(today: today)
            var high = field.dateBound("max")?.iso(today: today)
            if field.validators.contains(where: { $0.kind == .isSameOrAfterToday }) { low = max(low ?? today, today) }
            if field.validators.contains(where: { $0.kind == .isSameOrBeforeToday }) { high = min(high ?? today, today) }
            let plain = low ?? min(today, high ?? today)
            result.values = [[plain]]
            result.alternatives = ([high].compactMap { $0 } + hinted.map(\.displayString).filter { CivilDate(iso: $0) != nil })
                .filter { $0 >= (low ?? "") && $0 <= (high ?? "9999") }.map { [$0] }
        case .input where field.inputType == "number":
            let low = [bound(.min, of: field, data: data, evaluator: &evaluator), field.number("min")].compactMap { $0 }.max()
            let high = [bound(.max, of: field, data: data, evaluator: &evaluator), field.number("max")].compactMap { $0 }.min()
            let plain = low ?? min(0, high ?? 0)
            result.values = [[JSONValue.format(plain)]]
            var others = hinted.compactMap { $0.numberValue ?? Double($0.displayString) }.flatMap { [$0, $0 + 1, $0 - 1] }
            if let high { others.append(high) }
            result.alternatives = others.filter { $0 >= (low ?? -.infinity) && $0 <= (high ?? .infinity) }
                .map { [JSONValue.format($0)] }
        case .input, .textarea:
            let texts = textCandidates(field, data: data, evaluator: &evaluator)
            if texts.isEmpty {
                result.values = [[]]
                if required { result.unfilled = "no sample text meets its validators" }
            } else {
                result.values = texts.map { [$0] }
            }
            result.alternatives = hinted.compactMap(\.stringValue).filter { accepts(field, $0, data: data, evaluator: &evaluator) }.map { [$0] }
        default:
            break
        }
        // An optional field may be left empty: a condition may test for that (a gateway with no
        // default branch, `x == null`).
        if !required, field.type != .checkbox, field.type != .switch, field.type != .slider, !result.values.isEmpty {
            result.alternatives.append([])
        }
        return result
    }

    private func hints(for name: String) -> [JSONValue] {
        let bare = name.replacingOccurrences(of: #"\[\d+\]"#, with: "", options: .regularExpression)
        return (hints[name] ?? []) + (bare == name ? [] : hints[bare] ?? [])
    }

    /// A validator's bound as a number (a constant, or an expression over the data).
    private func bound(_ kind: ValidatorDefinition.Kind, of field: Component, data: JSONValue, evaluator: inout Evaluator) -> Double? {
        let values: [Double] = field.validators.filter { $0.kind == kind }.compactMap { validator in
            switch validator.value {
            case .constant(let value)?: value.numberValue ?? Double(value.displayString)
            case .expression(let expression)?:
                evaluator.evaluate(expression, data: data).numberValue
            case nil: nil
            }
        }
        return kind == .min || kind == .minLength ? values.max() : values.min()
    }

    /// Texts for a text field, best first, each meeting the validators this filler can judge.
    private func textCandidates(_ field: Component, data: JSONValue, evaluator: inout Evaluator) -> [String] {
        var pool: [String] = []
        let isEmail = field.inputType == "email" || field.validators.contains { $0.kind == .email }
        if isEmail { pool.append("ana@example.org") }
        for validator in field.validators where validator.kind == .pattern {
            if let source = validator.pattern?.source {
                pool += [PatternSample.sample(source), PatternSample.sample(source, generous: true)].compactMap { $0 }
            }
        }
        if field.inputType == "tel" || field.validators.contains(where: { $0.kind == .phone }) { pool.append("+40712345678") }
        switch field.inputType {
        case "url": pool.append("https://example.org")
        case "time": pool.append("09:30")
        case "datetime-local": pool.append(CivilDate(now, in: .current).description + "T09:30")
        case "date": pool.append(CivilDate(now, in: .current).description)
        default: break
        }
        pool += ["Sample", "Sample text", "a", "1", "A1", "12345", "ana@example.org", "https://example.org"]
        let least = Int(bound(.minLength, of: field, data: data, evaluator: &evaluator) ?? 0)
        var found: [String] = []
        for var text in pool {
            if text.count < least { text += String(repeating: "x", count: least - text.count) }
            if !found.contains(text), accepts(field, text, data: data, evaluator: &evaluator) { found.append(text) }
            if found.count == 3 { break }
        }
        return found
    }

    /// Whether `text` is typed without a problem (a time's form) and passes the text
    /// validators this filler can judge.
    private func accepts(_ field: Component, _ text: String, data: JSONValue, evaluator: inout Evaluator) -> Bool {
        guard FormTyping.type(field, posted: [text]).problem == nil else { return false }
        for validator in field.validators {
            switch validator.kind {
            case .minLength: if text.count < Int(bound(.minLength, of: field, data: data, evaluator: &evaluator) ?? 0) { return false }
            case .maxLength: if text.count > Int(bound(.maxLength, of: field, data: data, evaluator: &evaluator) ?? .greatestFiniteMagnitude) { return false }
            case .pattern: if !(validator.pattern?.matchesWhole(text) ?? true) { return false }
            case .email: if !FieldValidator.looksLikeEmail(text) { return false }
            case .phone: if !FieldValidator.isInternationalPhoneNumber(text) { return false }
            default: break
            }
        }
        return true
    }

    // MARK: - Files

    /// A tiny file of the first type the field accepts, with the content that type starts with.
    static func sampleFile(for field: Component, name: String) -> PostedFile? {
        let rules = UploadRules(field)
        guard let type = FileType.known.first(where: { rules.allows($0) }), let ext = type.extensions.first else { return nil }
        let bytes: [UInt8] = switch type.signature {
        case .pdf: Array("%PDF-1.4\n% FlowStage sample\n%%EOF\n".utf8)
        case .png: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0]
        case .jpeg: [0xFF, 0xD8, 0xFF, 0xE0, 0, 0x10]
        case .gif: Array("GIF89a".utf8) + [1, 0, 1, 0]
        case .webp: Array("RIFF".utf8) + [4, 0, 0, 0] + Array("WEBP".utf8)
        case .zip: [0x50, 0x4B, 0x03, 0x04, 0, 0]
        case .ole: [0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1]
        case .text: Array("FlowStage sample\n".utf8)
        }
        return PostedFile(fieldName: name, fileName: "sample.\(ext)", contentType: type.mime, size: bytes.count, source: .bytes(bytes))
    }
}
