import Definitions
import Expressions
import Foundation
import Synchronization
import Template

/// One column of a `table` (docs/reference/components.md): where its value is in a row, its header, and how a
/// value is written (per the page's locale: its language with the region of the project's `locale`,
/// `Words.locale`; dates in the page's date form, `format.date`).
/// A class: a table's columns are made once per plan and read per cell (a struct was copied per cell).
final class TableColumn: Sendable {
    typealias Format = TableColumnDefinition.Format

    let key: DataPath
    let label: String
    let format: Format
    /// How a number cell is written, for the number formats.
    private let style: Words.NumberStyle?
    private let ui: Words
    private let yes: String
    private let no: String

    /// `definition` in the page's words, its header resolved as `label`.
    init(_ definition: TableColumnDefinition, label: String, ui: Words) {
        self.key = definition.key; self.label = label; self.format = definition.format; self.ui = ui
        self.yes = ui["yes"]; self.no = ui["no"]
        switch format {
        case .number: style = .number
        case .currency: style = .currency(code: definition.currency)
        case .percent: style = .percent
        case .date, .text, .boolean: style = nil
        }
    }

    /// The cell text; a value the format cannot read is shown as it is.
    func display(_ value: JSONValue) -> String {
        switch format {
        case .number, .currency, .percent:
            guard let number = value.numberValue ?? Double(value.displayString), let style,
                  let text = ui.format(number, style) else { return value.displayString }
            return text
        case .date:
            return ui.date(value.displayString)
        case .boolean:
            if case .bool(let flag) = value { return flag ? yes : no }
            return value.displayString
        case .text:
            return value.displayString
        }
    }
}

extension TableColumn {
    /// A table's body: per row of `rows`, a cell per column (the first a row header), for the
    /// general path and the specialized one alike.
    static func rows(_ columns: [TableColumn], of rows: [JSONValue]) -> [TemplateValue] {
        rows.map { row in .object(TableRowView(columns: columns, texts: columns.map { $0.display($0.key.get(in: row)) })) }
    }
}

/// A specialized table's columns, and the body it wrote last. Writing a cell formats a number
/// or a date, and printing a row looks up each cell's names (together most of a page with a
/// table), while a table's rows rarely change between page views: instance data that was not
/// posted to keeps its storage. So the last body is kept with the rows it was written from,
/// and with the table's markup when a page plan prints it whole (`Entry.printedWhole`), and
/// used again while the data holds the same rows (the same storage, which the memo keeps
/// alive, so no other array can take its address).
final class TableColumns: Sendable {
    let columns: [TableColumn]
    private let last = Mutex<Kept?>(nil)

    private struct Kept {
        let source: [JSONValue]
        let body: [TemplateValue]
        var markup: String?

        func holds(_ source: [JSONValue]) -> Bool {
            self.source.count == source.count
                && self.source.withUnsafeBufferPointer { $0.baseAddress } == source.withUnsafeBufferPointer { $0.baseAddress }
        }
    }

    init(_ columns: [TableColumn]) {
        self.columns = columns
    }

    func rows(of source: [JSONValue]) -> [TemplateValue] {
        if let kept = last.withLock({ $0?.holds(source) == true ? $0!.body : nil }) { return kept }
        let body = TableColumn.rows(columns, of: source)
        last.withLock { $0 = Kept(source: source, body: body) }
        return body
    }

    /// The table's markup for `source`: what `draw` prints from its body.
    func markup(of source: [JSONValue], draw: ([TemplateValue]) -> String) -> String {
        if let kept = last.withLock({ $0?.holds(source) == true ? $0!.markup : nil }) { return kept }
        let body = rows(of: source)
        let markup = draw(body)
        last.withLock { $0 = Kept(source: source, body: body, markup: markup) }
        return markup
    }
}

/// One row of a table's body: its cells are its rows (`cells`), one object per row rather
/// than one per cell.
final class TableRowView: TemplateContext, TemplateRows {
    let columns: [TableColumn]
    let texts: [String]

    init(columns: [TableColumn], texts: [String]) {
        self.columns = columns
        self.texts = texts
    }

    func value(for key: TemplateKey) -> TemplateValue? {
        ViewKey(key) == .cells ? .rows(self) : nil
    }

    var count: Int { texts.count }

    func value(for key: TemplateKey, row: Int) -> TemplateValue? {
        switch ViewKey(key) {
        case .text: .text(texts[row])
        case .format: .text(columns[row].format.rawValue)
        case .header: .bool(row == 0)
        default: nil
        }
    }
}
