import Expressions

/// The list an `addItem` or `removeItem` action changes (docs/reference/processes.md): a data
/// path (`children`), or a list in the rows of another (`groups[].people`: the people of the
/// group whose row holds the pressed button). Each `[]` is filled with the position of a row
/// the button is in, which the button posts (`_item`), so one action serves every row.
public struct ListKey: Sendable, CustomStringConvertible {
    /// The paths around the `[]`s, outermost first: `groups[].people` is `groups`, `people`.
    public let parts: [DataPath]
    public let description: String

    /// How many rows the button names to find the list: one per `[]`.
    public var rowsAbove: Int { parts.count - 1 }

    public init(_ text: String) throws(DataPathError) {
        let pieces = text.split(separator: "[]", omittingEmptySubsequences: false)
        var parts: [DataPath] = []
        for (offset, piece) in pieces.enumerated() {
            var path = piece
            if offset > 0 {
                guard path.first == "." else {
                    throw DataPathError(message: "[] must be followed by . and the name of the list in the row, as in groups[].people")
                }
                path = path.dropFirst()
            }
            parts.append(try DataPath(String(path)))
        }
        self.parts = parts
        description = text
    }

    /// The list's path with each `[]` filled by `rows` (outermost first), or nil when one of
    /// them is not a row of its list in `data` (it was removed meanwhile).
    public func path(rows: some Collection<Int>, in data: JSONValue) -> DataPath? {
        guard rows.count == rowsAbove else { return nil }
        var segments = parts[0].segments
        for (row, part) in zip(rows, parts.dropFirst()) {
            segments.append(.index(row))
            guard case .object = DataPath(segments: segments).get(in: data) else { return nil }
            segments += part.segments
        }
        return DataPath(segments: segments)
    }

    /// What a button posts as `_item`: the positions of the rows it names, outermost first
    /// (`1,0`: the first person of the second group).
    static func posted(rows: some Sequence<Int>) -> String {
        rows.map(String.init).joined(separator: ",")
    }

    /// The positions a button posted, or nil when `_item` is not such a list.
    public static func rows(posted: String) -> [Int]? {
        var rows: [Int] = []
        for piece in posted.split(separator: ",", omittingEmptySubsequences: false) {
            guard let row = Int(piece), row >= 0, row <= DataPath.maximumIndex else { return nil }
            rows.append(row)
        }
        return rows
    }
}
