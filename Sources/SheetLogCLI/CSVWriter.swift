/// RFC 4180 CSV: fields with commas, quotes or line breaks are quoted, quotes doubled; CRLF line ends.
enum CSVWriter {
    static func render(header: [String], rows: [[String]]) -> String {
        ([header] + rows).map { $0.map(field).joined(separator: ",") + "\r\n" }.joined()
    }

    static func field(_ text: String) -> String {
        let needsQuotes = text.contains { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }
        guard needsQuotes else { return text }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
