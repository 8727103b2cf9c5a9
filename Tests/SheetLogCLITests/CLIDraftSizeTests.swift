import Foundation
import Testing

/// A draft can only grow as far as it can still be saved and restored: the edit that would take it
/// past the payload limit is refused, naming the rule, the presentation and the field.
@Suite("sheetlog ingest keeps drafts savable and restorable")
struct CLIDraftSizeTests {
    static func edit(_ field: String, _ character: Character) -> String {
        #"{"session":"s1","type":"edit","field":"\#(field)","value":"\#(String(repeating: character, count: 30_000))"}"#
    }

    static let lines = [IngestLines.present(), edit("amount", "x"), edit("notes", "y"), edit("memo", "z")]

    @Test func theEditThatWouldOutgrowTheLimitIsRefused() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        let run = try cli.ingest(Self.lines)
        #expect(run.status == 1)
        #expect(run.stderr.hasPrefix("sheetlog: line 4: edit: field memo would make the draft of presentation p1 take "), "\(run.stderr)")
        #expect(run.stderr.hasSuffix(" bytes when saved or restored, over the limit of 65536 in session s1\n"), "\(run.stderr)")
        #expect(!run.stderr.contains("zzz"))
        #expect(try StoredLog(path: cli.database).eventCount() == 0)
    }

    @Test func whatWasAcceptedCanBeSavedAfterASwipeAndRestored() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        let each = try cli.ingest(Self.lines, ["--each"])
        #expect(each.status == 1)
        #expect(try StoredLog(path: cli.database).eventCount() == 3)
        let restored = try cli.run(["recover", "restore", "s1", "p1", "--into", "s2"])
        #expect(restored.status == 0, "\(restored.stderr)")
        let saved = try cli.ingest([IngestLines.swipe("s2"), #"{"session":"s2","type":"save"}"#])
        #expect(saved.status == 0, "\(saved.stderr)")
        #expect(try StoredLog(path: cli.database).eventCount() == 7)
    }
}
