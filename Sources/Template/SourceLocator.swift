/// Maps byte offsets of a (possibly indented) source back to the author's line and column.
struct SourceLocator {
    let template: String
    let bytes: [UInt8]
    /// Bytes the compiler added at the start of each line, not counted in columns.
    let indentation: Int

    func position(of offset: Int) -> (line: Int, column: Int) {
        let offset = min(offset, bytes.count)
        var line = 1
        var lineStart = 0
        for index in 0..<offset where bytes[index] == UInt8(ascii: "\n") {
            line += 1
            lineStart = index + 1
        }
        let prefix = bytes[min(lineStart + indentation, offset)..<offset]
        return (line, String(decoding: prefix, as: UTF8.self).count + 1)
    }

    func error(at offset: Int, _ message: String) -> TemplateError {
        let (line, column) = position(of: offset)
        return TemplateError(template: template, line: line, column: column, message: message)
    }
}
