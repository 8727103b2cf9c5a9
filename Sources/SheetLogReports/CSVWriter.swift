import SheetLog
/// RFC 4180 CSV: fields with commas, quotes or line breaks are quoted, quotes doubled; CRLF line ends.
///
/// Control and bidi formatting characters are escaped (`\u{1b}`) first: a CSV is also read in a
/// terminal or a spreadsheet, where they would run escapes or split what looks like one row.
///
/// A cell starting with `=`, `+`, `-`, `@`, TAB or CR gets a leading `'` (OWASP's CSV injection rule):
/// a spreadsheet would otherwise run a session named `=HYPERLINK(…)` as a formula. The one writer
/// for the CLI and the API, so both stay byte-identical.
package enum CSVWriter {
    /// The first characters that make a spreadsheet read a cell as a formula.
    static let formulaStarts: Set<Unicode.Scalar> = ["=", "+", "-", "@", "\t", "\r"]

    package static func render(header: [String], rows: [[String]]) -> String {
        ([header] + rows).map { $0.map(field).joined(separator: ",") + "\r\n" }.joined()
    }

    package static func field(_ raw: String) -> String {
        let neutral = raw.unicodeScalars.first.map(formulaStarts.contains) == true ? "'" + raw : raw
        let text = NameCharacters.escaped(neutral)
        let needsQuotes = text.contains { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }
        guard needsQuotes else { return text }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
