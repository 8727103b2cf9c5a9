import SheetLog
/// A human table: a header and rows, each column padded to its widest cell.
///
/// ```swift
/// var table = TextTable(["SESSION", "EVENTS"])
/// table.append(["s1", "12"])
/// print(table.render())
/// ```
package struct TextTable {
    package let header: [String]
    package private(set) var rows: [[String]] = []

    package init(_ header: [String]) { self.header = header }

    /// Adds a row; control and bidi formatting characters in its cells are escaped, so that a
    /// name or value can neither split the row nor run a terminal escape.
    package mutating func append(_ row: [String]) { rows.append(row.map(NameCharacters.escaped)) }

    /// The table as lines separated by line breaks, with a trailing line break; no trailing spaces.
    package func render() -> String {
        let all = [header] + rows
        var widths = [Int](repeating: 0, count: header.count)
        for row in all {
            for (column, cell) in row.enumerated() where column < widths.count {
                widths[column] = max(widths[column], cell.count)
            }
        }
        var output = ""
        for row in all {
            var line = ""
            for (column, cell) in row.enumerated() {
                let isLast = column == row.count - 1
                line += isLast ? cell : cell + String(repeating: " ", count: widths[column] - cell.count + 2)
            }
            output += line + "\n"
        }
        return output
    }
}
