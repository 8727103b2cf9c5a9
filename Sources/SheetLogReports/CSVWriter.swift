import SheetLog
/// RFC 4180 CSV: fields with commas, quotes or line breaks are quoted, quotes doubled; CRLF line ends.
///
/// Control and bidi formatting characters are escaped (`\u{1b}`) first: a CSV is also read in a
/// terminal or a spreadsheet, where they would run escapes or split what looks like one row.
package enum CSVWriter {
    package static func render(header: [String], rows: [[String]]) -> String {
        ([header] + rows).map { $0.map(field).joined(separator: ",") + "\r\n" }.joined()
    }

    package static func field(_ raw: String) -> String {
        let text = NameCharacters.escaped(raw)
        let needsQuotes = text.contains { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }
        guard needsQuotes else { return text }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
