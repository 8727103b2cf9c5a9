/// Aligned text columns: a heading row, a rule of dashes, then the rows, two spaces apart.
enum TextColumns {
    static func render(_ rows: [[String]]) -> [String] {
        guard let headings = rows.first else { return [] }
        let widths = headings.indices.map { column in rows.map { $0[column].count }.max() ?? 0 }
        var lines = rows.map { row in
            trimmingTrailingSpaces(zip(row, widths).map { cell, width in pad(cell, to: width) }.joined(separator: "  "))
        }
        lines.insert(widths.map { String(repeating: "-", count: $0) }.joined(separator: "  "), at: 1)
        return lines
    }

    private static func pad(_ text: String, to width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - text.count))
    }

    private static func trimmingTrailingSpaces(_ text: String) -> String {
        var copy = text
        while copy.hasSuffix(" ") { copy.removeLast() }
        return copy
    }
}
