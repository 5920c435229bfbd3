import Expressions
import Foundation
import Synchronization

/// The interface words of one language (docs/reference/interface-words.md): every word of
/// the page chrome, the stepper, the error summary, validation and upload messages, the
/// catalogue, settings, inspector, gallery, end and error pages, and the comfort script's
/// words. Built once per language when the project loads (`InterfaceWords`), with the
/// project's `ui.*` overrides and the fallbacks already merged in, so a lookup is one
/// dictionary read.
public final class Words: Sendable {
    /// The page language these words are for.
    public let language: String
    /// The locale numbers, amounts and dates are written in: the page's language with the
    /// region of the project's `locale` (`InterfaceWords.locale(for:projectLocale:)`).
    public let locale: String
    let table: [String: String]
    /// Every word parsed once (`WordPattern`).
    private let parsed: [String: WordPattern]
    /// The date and date-time patterns of `format.date` and `format.dateTime` for the locale,
    /// worked out on first use (ICU's pattern generator is slow; a table formats on every view).
    private let patterns = Mutex<[String: String]>([:])
    /// Made once per kind and lent out (`FormatterPool`): a page may format many numbers.
    private let numberFormatters = FormatterPool<NumberFormatter>()
    private let dateFormatters = FormatterPool<DateFormatter>()

    public init(language: String, locale: String? = nil, table: [String: String]) {
        self.language = language
        self.locale = locale ?? language
        self.table = table
        self.parsed = table.mapValues(WordPattern.init)
        self.sizes = SizeWords(megabytes: parsed["size.megabytes"] ?? WordPattern("size.megabytes"),
                               kilobytes: parsed["size.kilobytes"] ?? WordPattern("size.kilobytes"),
                               bytes: parsed["size.bytes"] ?? WordPattern("size.bytes"), oneByte: table["size.oneByte"] ?? "size.oneByte")
    }

    /// The patterns `size` writes with, looked up once: a page writes each uploaded file's size.
    private struct SizeWords {
        let megabytes: WordPattern
        let kilobytes: WordPattern
        let bytes: WordPattern
        let oneByte: String
    }
    private let sizes: SizeWords

    /// No words at all: every lookup answers its key (a host that loads no `Words/` folder).
    public static let none = Words(language: "en", table: [:])

    /// The word for `key`; a key neither the shipped words nor the project knows is shown as itself.
    public subscript(_ key: String) -> String {
        table[key] ?? key
    }

    /// The word for `key`, or nil when neither has it.
    public func word(_ key: String) -> String? { table[key] }

    /// "Step {x} of {y}" and friends.
    public func format(_ key: String, _ x: Int, _ y: Int) -> String {
        parsedWord(key).fill(language: language) { $0 == "x" ? String(x) : $0 == "y" ? String(y) : nil }
    }

    /// "Start {name}" and friends.
    public func named(_ key: String, _ name: String) -> String {
        parsedWord(key).fill(language: language) { $0 == "name" ? name : nil }
    }

    /// The word for `key` with its placeholders filled in.
    public func fill(_ key: String, _ values: [String: String]) -> String {
        parsedWord(key).fill(language: language) { values[String($0)] }
    }

    /// The word for `key` with the values given by a function (no dictionary for a few names).
    public func fill(_ key: String, _ value: (Substring) -> String?) -> String {
        parsedWord(key).fill(language: language, value)
    }

    /// The parsed word for `key`; a key nobody words is its own pattern.
    func parsedWord(_ key: String) -> WordPattern {
        parsed[key] ?? WordPattern(key)
    }

    /// Replaces each `{placeholder}` of `pattern` with its value (`WordPattern`): for a
    /// pattern that is no interface word, parsed here.
    public static func fill(_ pattern: String, _ values: [String: String]) -> String {
        WordPattern(pattern).fill(language: "en") { values[String($0)] }
    }

    /// The same with the values given by a function, plurals in `language`.
    public static func fill(_ pattern: String, language: String = "en", _ value: (Substring) -> String?) -> String {
        WordPattern(pattern).fill(language: language, value)
    }

    /// The `{placeholder}` names of a pattern, in order; a plural placeholder counts by its name.
    public static func placeholders(_ pattern: String) -> [String] {
        WordPattern(pattern).placeholders
    }

    /// A language's name in that language, so a reader finds their own in the list.
    public static func languageName(_ code: String) -> String {
        let own = Locale(identifier: code).localizedString(forLanguageCode: code)
        return own.map { $0.prefix(1).uppercased() + $0.dropFirst() } ?? code
    }

    /// "PDF, PNG or JPEG": a list joined the way the language joins alternatives.
    public func orList(_ words: [String]) -> String {
        guard words.count > 1 else { return words.first ?? "" }
        return words.dropLast().joined(separator: self["listSeparator"]) + " " + self["or"] + " " + words.last!
    }

    // MARK: - Direction

    /// Languages written right to left (their primary subtag): the page gets `dir="rtl"`.
    public static let rightToLeftLanguages: Set<String> = ["ar", "arc", "ckb", "dv", "fa", "he", "iw", "ks", "ps", "sd", "syr", "ug", "ur", "yi"]

    public static func isRightToLeft(_ language: String) -> Bool {
        rightToLeftLanguages.contains(primarySubtag(language))
    }

    public var isRightToLeft: Bool { Words.isRightToLeft(language) }

    static func primarySubtag(_ tag: String) -> String {
        // Most tags are one already ("en"): asked per page and per plural word.
        if tag.utf8.allSatisfy({ $0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "z") }) { return tag }
        return String(tag.prefix { $0 != "-" && $0 != "_" }).lowercased()
    }

    // MARK: - Dates, numbers, sizes

    /// How a date is written on a page: the words' `format.date` (an ICU skeleton such as
    /// `dMMMMy`, which the locale orders and punctuates), in the Gregorian calendar, in UTC.
    private func makeDateFormatter() -> DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: locale)
        formatter.calendar = Calendar(identifier: .gregorian)
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = pattern("format.date", fallback: "dMMMMy")
        return formatter
    }

    /// The locale's pattern for the skeleton in the word `key`, remembered.
    private func pattern(_ key: String, fallback: String) -> String {
        if let known = patterns.withLock({ $0[key] }) { return known }
        let skeleton = table[key] ?? fallback
        let made = DateFormatter.dateFormat(fromTemplate: skeleton, options: 0, locale: Locale(identifier: locale)) ?? skeleton
        patterns.withLock { $0[key] = made }
        return made
    }

    /// An ISO date (`2001-03-27`, also the date of a timestamp) as the page writes it ("27 March 2001", "27.03.2001"); a
    /// text that is no date stays as it is. Posted and stored values stay ISO.
    public func date(_ iso: String) -> String {
        dateFormatters.written("date", of: .text(iso), make: makeDateFormatter) { formatter in
            guard let date = CivilDate(iso: iso),
                  let instant = Words.utc.date(from: DateComponents(year: date.year, month: date.month, day: date.day)) else { return nil }
            return formatter.string(from: instant)
        } ?? iso
    }

    private static let utc: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()

    /// An ISO timestamp (`2026-01-01T10:00:00Z`) as the page writes a moment: the words'
    /// `format.dateTime` skeleton in the server's time zone; a text that is no timestamp stays.
    public func dateTime(_ iso: String) -> String {
        guard let instant = Words.timestamps.with("iso", make: ISO8601DateFormatter.init, { $0.date(from: iso) }) else { return iso }
        return dateTime(instant)
    }

    /// A moment as the page writes it (`dateTime(_:)` for one already parsed).
    public func dateTime(_ instant: Date) -> String {
        dateFormatters.with("dateTime", make: {
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: locale)
            formatter.calendar = Calendar(identifier: .gregorian)
            formatter.timeZone = .current
            formatter.dateFormat = pattern("format.dateTime", fallback: "dMMMMyjjmm")
            return formatter
        }) { $0.string(from: instant) }
    }

    private static let timestamps = FormatterPool<ISO8601DateFormatter>()

    /// A number as the locale writes it in running text: its decimal sign and digit grouping
    /// ("50,000", "50.000", "50 000"), the decimals it has (up to 6). Posted values stay plain.
    public func number(_ value: Double) -> String {
        format(value, .number) ?? JSONValue.number(value).displayString
    }

    /// A number with the locale's decimal sign and at most `fractionDigits` decimals, no grouping.
    public func decimal(_ value: Double, fractionDigits: Int = 1) -> String {
        format(value, .decimal(fractionDigits: fractionDigits)) ?? String(value)
    }

    /// How a number is written: in text, without grouping, as an amount or as a percentage.
    public enum NumberStyle: Hashable, Sendable {
        case number
        case decimal(fractionDigits: Int)
        case currency(code: String)
        case percent

        var kind: String {
            switch self {
            case .number: "number"
            case .decimal(let digits): "decimal\(digits)"
            case .currency(let code): "currency " + code
            case .percent: "percent"
            }
        }
    }

    /// `value` in the locale's form for `style`; nil when the formatter cannot write it.
    public func format(_ value: Double, _ style: NumberStyle) -> String? {
        numberFormatters.written(style.kind, of: .number(value), make: {
            let formatter = NumberFormatter()
            formatter.locale = Locale(identifier: locale)
            switch style {
            case .number:
                formatter.numberStyle = .decimal
                formatter.maximumFractionDigits = 6
            case .decimal(let digits):
                formatter.numberStyle = .decimal
                formatter.usesGroupingSeparator = false
                formatter.maximumFractionDigits = digits
            case .currency(let code):
                formatter.numberStyle = .currency
                formatter.currencyCode = code
            case .percent:
                formatter.numberStyle = .percent
            }
            return formatter
        }) { $0.string(from: NSNumber(value: value)) }
    }

    /// "5 MB", "300 KB", "12 bytes": a size as people read it (binary multiples, familiar
    /// names), in the page's words and decimal sign.
    public func size(_ bytes: Int) -> String {
        func trimmed(_ value: Double) -> String { decimal((value * 10).rounded(.down) / 10) }
        // Filled by a function, not a dictionary: a page lists each uploaded file's size.
        func filled(_ pattern: WordPattern, _ x: String) -> String { pattern.fill(language: language) { $0 == "x" ? x : nil } }
        if bytes >= 1 << 20 { return filled(sizes.megabytes, trimmed(Double(bytes) / Double(1 << 20))) }
        if bytes >= 1 << 10 { return filled(sizes.kilobytes, trimmed(Double(bytes) / Double(1 << 10))) }
        return bytes == 1 ? sizes.oneByte : filled(sizes.bytes, String(bytes))
    }

    /// File types as `UploadRules.typeWords` names them ("PDF", "image"), the generic ones
    /// ("image", "text", "audio", "video") in the page's words.
    public func fileTypes(_ types: [String]) -> [String] {
        types.map { table["fileType." + $0] ?? $0 }
    }
}

/// FlowStage's shipped interface words: `Words/<language>.json`, one flat object of key →
/// text per language, read once per project load. English has every key; another language
/// may lack some (they fall back).
public struct ShippedWords: Sendable {
    public let byLanguage: [String: [String: String]]

    public init(byLanguage: [String: [String: String]]) { self.byLanguage = byLanguage }

    public static let empty = ShippedWords(byLanguage: [:])

    /// Every key, as English has them.
    public var keys: [String] { (byLanguage["en"] ?? [:]).keys.sorted() }

    /// The languages FlowStage ships words for.
    public var languages: [String] { byLanguage.keys.sorted() }

    /// Reads every `*.json` of `folder`; problems are errors (the FlowStage install is broken).
    public static func load(_ folder: URL, errors: inout [LoadError]) -> ShippedWords {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
                .filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") }.sorted()
        } catch {
            errors.append(LoadError(file: folder.path, pointer: "",
                                    message: "FlowStage's interface words cannot be read: is FLOWSTAGE_HOME the FlowStage folder? (\(error.localizedDescription))"))
            return .empty
        }
        var byLanguage: [String: [String: String]] = [:]
        for name in names {
            let file = folder.appendingPathComponent(name)
            let language = String(name.dropLast(".json".count))
            guard let data = FileManager.default.contents(atPath: file.path) else {
                errors.append(LoadError(file: file.path, pointer: "", message: "cannot be read"))
                continue
            }
            do {
                guard case .object(let fields) = try JSONParser.parse([UInt8](data)) else {
                    errors.append(LoadError(file: file.path, pointer: "", message: "must be an object of word key → text"))
                    continue
                }
                var table: [String: String] = [:]
                for (key, value) in fields {
                    if case .string(let text) = value { table[key] = text } else {
                        errors.append(LoadError(file: file.path, pointer: JSONPointer().appending(key).description, message: "a word must be a string"))
                    }
                }
                byLanguage[language] = table
            } catch {
                errors.append(LoadError(file: file.path, pointer: "", message: "is not valid JSON: \(error)"))
            }
        }
        if byLanguage["en"] == nil, errors.isEmpty {
            errors.append(LoadError(file: folder.appendingPathComponent("en.json").path, pointer: "",
                                    message: "FlowStage's English interface words are missing; every other language falls back to them"))
        }
        return ShippedWords(byLanguage: byLanguage)
    }
}

/// A project's interface words: the shipped words with the project's `ui.<key>` entries
/// of `tags/<language>.json` laid over it. For a page language, a word is its own (the
/// project's, else FlowStage's), else the default language's, else English. One `Words` per
/// language, made at load.
public struct InterfaceWords: Sendable {
    private let tables: [String: Words]
    private let fallback: Words
    private let projectLocale: String
    /// Per language: the keys it has no word for, and the language each falls back to.
    public let fallbacks: [String: [(key: String, from: String)]]

    public static let empty = InterfaceWords(shipped: .empty, overrides: [:], languages: ["en"], defaultLanguage: "en", locale: "en")

    public init(shipped: ShippedWords, overrides: [String: [String: String]], languages: [String],
                defaultLanguage: String, locale: String) {
        func own(_ language: String) -> [String: String] {
            (shipped.byLanguage[language] ?? [:]).merging(overrides[language] ?? [:]) { _, override in override }
        }
        let english = own("en")
        let preferred = own(defaultLanguage)
        let base = english.merging(preferred) { _, preferred in preferred }
        var tables: [String: Words] = [:]
        var fallbacks: [String: [(key: String, from: String)]] = [:]
        let all = Set(languages + shipped.languages + Array(overrides.keys) + [defaultLanguage, "en"])
        for language in all {
            let mine = own(language)
            tables[language] = Words(language: language, locale: InterfaceWords.locale(for: language, projectLocale: locale),
                                     table: base.merging(mine) { _, mine in mine })
            if languages.contains(language) {
                fallbacks[language] = shipped.keys.filter { mine[$0] == nil }
                    .map { ($0, preferred[$0] != nil ? defaultLanguage : "en") }
            }
        }
        self.tables = tables
        self.fallback = tables[defaultLanguage]!
        self.projectLocale = locale
        self.fallbacks = fallbacks
    }

    /// The words of a page in `language`; a language the project does not know gets the
    /// default language's words (with its own locale).
    public func `for`(_ language: String) -> Words {
        tables[language]
            ?? Words(language: language, locale: InterfaceWords.locale(for: language, projectLocale: projectLocale), table: fallback.table)
    }

    /// The locale of a page: the project's `locale` when the page is in its language, else
    /// the page's language with the locale's region where people write that language there
    /// (a `de-CH` project's French pages are `fr-CH`; its English ones `en-CH`), else the
    /// page's language alone (a `de-DE` project's Arabic pages are `ar`, not a mix).
    public static func locale(for language: String, projectLocale: String) -> String {
        let parts = projectLocale.split(whereSeparator: { $0 == "-" || $0 == "_" })
        guard let first = parts.first else { return language }
        if Words.primarySubtag(language) == first.lowercased() { return language.contains(where: { $0 == "-" || $0 == "_" }) ? language : projectLocale }
        if language.contains(where: { $0 == "-" || $0 == "_" }) { return language }
        let region = parts.dropFirst().first { ($0.count == 2 && $0.allSatisfy(\.isLetter)) || ($0.count == 3 && $0.allSatisfy(\.isNumber)) }
        guard let region, knownLocales.contains("\(language.lowercased())_\(region.uppercased())") else { return language }
        return "\(language)-\(region.uppercased())"
    }

    /// The language-and-region locales the system knows (`fr_CH`, `en_DE`…), read once.
    private static let knownLocales: Set<String> = Set(Locale.availableIdentifiers)
}
