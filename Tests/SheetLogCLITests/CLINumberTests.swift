import Foundation
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

    @Test func exactNumbersAreStoredWithTheirValue() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        let numbers = ["0.1", "47.50", "1e3", "-0", "5e-324", "1.7976931348623157e308", "2.5E-3", "9007199254740992", "123456789012345"]
        let run = try cli.ingest([IngestLines.present()] + numbers.map(Self.edit) + [Self.edit("1")])
        #expect(run.status == 0, "\(run.stderr)")
        let values = try StoredLog(path: cli.database).events().dropFirst().map { $0.components(separatedBy: #""value":"#)[1].split(separator: "}")[0] }
        #expect(values == ["0.1", "47.5", "1000", "-0", "5e-324", "1.7976931348623157e+308", "0.0025", "9007199254740992", "123456789012345", "1"])
    }
}
