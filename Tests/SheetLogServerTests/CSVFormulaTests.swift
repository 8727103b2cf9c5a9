import Foundation
import SheetLog
import SheetLogServer
import Testing

/// Names that a spreadsheet would run as formulas leave the audit CSV as text, from the CLI and the API alike.
@Suite("audit CSV neutralises formulas")
struct CSVFormulaTests {
    static let session = #"=HYPERLINK("http://example.invalid","x")"#

    /// The cells of each line of an RFC 4180 text (quoted cells with doubled quotes).
    static func cells(_ csv: String) -> [[String]] {
        var rows: [[String]] = []
        var row: [String] = []
        var cell = ""
        var quoted = false
        var characters = Array(csv)[...]
        while let character = characters.popFirst() {
            if quoted {
                if character == "\"" {
                    if characters.first == "\"" { cell.append("\""); characters.removeFirst() } else { quoted = false }
                } else {
                    cell.append(character)
                }
            } else if character == "\"" {
                quoted = true
            } else if character == "," {
                row.append(cell)
                cell = ""
            } else if character == "\r\n" || character == "\n" {
                row.append(cell)
                rows.append(row)
                row = []
                cell = ""
            } else {
                cell.append(character)
            }
        }
        return rows
    }

    @Test("session =HYPERLINK(…), presentation +p, route @r, field -f: each cell starts with ', CLI and API byte-identical")
    func formulasNeutralised() async throws {
        let fixture = try await ViewerFixture.make(hostile: false)
        defer { fixture.remove() }
        let database = try SheetLogDatabase.open(path: fixture.path)
        let start: Int64 = 1_767_265_200_000
        try await database.record(.present(presentation: "+p", route: Route(name: "@r"), baseline: ["-f": "a"]), in: Self.session, occurredAt: start)
        try await database.record(.edit(field: "-f", value: .string("b")), in: Self.session, occurredAt: start + 1_000)
        try await database.record(.attemptDismiss(source: .swipe), in: Self.session, occurredAt: start + 2_000)
        try database.close()

        let cli = try fixture.sheetlog(["audit", "--csv"])
        #expect(cli.status == 0, "\(cli.stderr)")
        let rows = Self.cells(cli.stdout)
        let row = try #require(rows.first { $0.count > 1 && $0[1].contains("HYPERLINK") })
        #expect(Array(row[1...3]) == ["'" + Self.session, "'+p", "'@r"])
        #expect(row.contains("'-f"))
        for row in rows {
            for cell in row { #expect(!["=", "+", "-", "@", "\t", "\r"].contains(cell.first.map(String.init) ?? ""), "\(cell)") }
        }
        let api = try await withViewer(try fixture.reader()) { try await $0.get("/api/devices/local/audit?format=csv") }
        #expect(api.body == cli.stdout)
    }
}
