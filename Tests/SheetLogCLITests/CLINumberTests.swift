import Foundation
import GRDB
import Testing

/// A number is stored exactly or refused: accepted only when the double it parses to, printed back
/// in its shortest round-trip form, has the same decimal value as the text.
@Suite("sheetlog ingest stores numbers exactly or refuses them")
struct CLINumberTests {
    static let inexact = [
        "9007199254740993", "-9007199254740993", "1e-400", "123456789012345678901234567890", "1152921504606846976",
        "0.1000000000000000055511151231257827", "4.9e-325",
    ]

    static func edit(_ number: String) -> String {
        #"{"session":"s1","type":"edit","field":"amount","value":\#(number)}"#
    }

    @Test(arguments: inexact)
    func inexactEditValueIsRefused(_ number: String) throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        let run = try cli.ingest([IngestLines.present(), Self.edit(number)])
        #expect(run.status == 1)
        #expect(run.stderr == "sheetlog: line 2: field value holds a number that cannot be stored exactly; send it as a string\n", "\(number)")
        #expect(!run.stderr.contains(number))
        #expect(try StoredLog(path: cli.database).eventCount() == 0)
    }

    @Test func inexactNumbersInBaselinesAndSavedValuesAreNamedByPath() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        let present = #"{"session":"s1","type":"present","presentation":"p1","route":{"name":"r"},"baseline":{"amount":9007199254740993}}"#
        let run = try cli.ingest([present])
        #expect(run.stderr == "sheetlog: line 1: field baseline.amount holds a number that cannot be stored exactly; send it as a string\n")
        let save = #"{"session":"s2","type":"save","values":{"n":1,"total":1e-400}}"#
        let saved = try cli.ingest([IngestLines.present("s2"), save])
        #expect(saved.stderr == "sheetlog: line 2: field values.total holds a number that cannot be stored exactly; send it as a string\n")
        #expect(try StoredLog(path: cli.database).eventCount() == 0)
    }

    /// One number rule for every JSON SheetLog writes: a projection column holds a number as the
    /// payload does (`-0`, not `-0.0`; `9007199254740992`, not `9007199254740992.0`).
    @Test func projectionColumnsWriteNumbersAsThePayloadDoes() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        let present = #"{"session":"s1","type":"present","presentation":"p1","route":{"name":"r"},"baseline":{"z":-0,"big":9007199254740992,"n":12.0,"f":0.5,"e":1e16}}"#
        #expect(try cli.ingest([present]).status == 0)
        let expected = #"{"big":9007199254740992,"e":1e+16,"f":0.5,"n":12,"z":-0}"#
        let (payload, column) = try DatabaseQueue(path: cli.database).read { db in
            (try String.fetchOne(db, sql: "SELECT json_extract(payload, '$.baseline') FROM events") ?? "",
             try String.fetchOne(db, sql: "SELECT baseline FROM presentations") ?? "")
        }
        #expect(payload == expected)
        #expect(column == expected)
    }

    @Test func exactNumbersAreStoredWithTheirValue() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        let numbers = ["0.1", "47.50", "1e3", "-0", "5e-324", "1.7976931348623157e308", "2.5E-3", "9007199254740992", "123456789012345"]
        let run = try cli.ingest([IngestLines.present()] + numbers.map(Self.edit) + [Self.edit("1")])
        #expect(run.status == 0, "\(run.stderr)")
        let values = try StoredLog(path: cli.database).events().dropFirst().map { $0.components(separatedBy: #""value":"#)[1].split(separator: "}")[0] }
        #expect(values == ["0.1", "47.5", "1000", "-0", "5e-324", "1.7976931348623157e+308", "0.0025", "9007199254740992", "123456789012345", "1"])
    }

    /// Found by a tester: the text replay printed `9007199254740992.0` and `0` for `-0`, where the
    /// JSON (and export) print `9007199254740992` and `-0`.
    @Test func theTextReplayPrintsNumbersAsTheJSONDoes() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        let present = #"{"session":"s1","type":"present","presentation":"p1","route":{"name":"r"},"baseline":{"z":-0,"big":9007199254740992,"n":12.0,"e":1e16,"h":123456789012345}}"#
        #expect(try cli.ingest([present]).status == 0)
        let run = try cli.run(["replay", "s1"])
        #expect(run.status == 0)
        #expect(run.stdout.contains("big=9007199254740992 e=1e+16 h=123456789012345 n=12 z=-0"), "\(run.stdout)")
    }
}
