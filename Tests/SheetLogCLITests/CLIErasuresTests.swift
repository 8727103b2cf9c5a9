import Foundation
import Testing

/// `sheetlog erasures`: who erased whose data, and when — through the real binary, on a sealed log
/// read without its key, and on a copy made by `export | ingest`.
@Suite("sheetlog erasures")
struct CLIErasuresTests {
    /// The keys of every `--json` object, whatever its origin.
    static let jsonKeys: Set<String> = ["at", "closedSessions", "eventId", "keyErased", "origin", "position", "requestedBy", "sessions", "subject"]

    @Test func listsTheErasureWithoutTheKeyAndTheCopyListsTheSame() throws {
        let log = try CLIErasureCopyTests.ErasedLog()
        defer { log.cli.remove() }
        let erasureLine = try #require(try CLIHarness.json(log.lines[5]) as? [String: Any])

        // No --key-file: an erasure holds no values.
        let source = try log.cli.run(["erasures", "--json"])
        #expect(source.status == 0, "\(source.stderr)")
        let rows = try #require(try CLIHarness.json(source.stdout) as? [[String: Any]])
        #expect(rows.count == 1)
        let row = try #require(rows.first)
        #expect(Set(row.keys) == Self.jsonKeys)
        #expect(row["subject"] as? String == "user-7")
        #expect(row["requestedBy"] as? String == "ticket 88")
        #expect(row["position"] as? Int == 6)
        #expect(row["eventId"] as? String == erasureLine["id"] as? String)
        #expect(row["at"] as? String == erasureLine["at"] as? String, "the erasure's own time, as the export carries it")
        #expect(row["sessions"] as? Int == 1)
        #expect(row["closedSessions"] as? [String] == ["s1"], "s1 was open: the erasure closed it; s2 is another subject's")
        #expect(row["keyErased"] as? Bool == true)
        #expect(row["origin"] as? String == "device")

        let copy = log.cli.directory.appendingPathComponent("copy.sqlite").path
        #expect(try log.cli.run(["--key-file", log.copyKey, "ingest", "-"], input: Data(log.export.utf8), database: copy).status == 0)
        let copied = try log.cli.run(["erasures", "--json"], database: copy)
        #expect(copied.status == 0, "\(copied.stderr)")
        #expect(copied.stdout == source.stdout, "the same rows, ids and times in the copy")
        for format in [[], ["--csv"]] {
            #expect(try log.cli.run(["erasures"] + format, database: copy).stdout == (try log.cli.run(["erasures"] + format).stdout))
        }
    }

    /// `$erasures` holds the log's erasures, not sheets: a reading command that names it as a session
    /// says so and where erasures are listed, rather than "no dismissals match" or a decoding error.
    @Test(arguments: [["audit", "--session"], ["replay"], ["state"], ["export", "--session"]])
    func theErasureStreamNamedAsASessionPointsToTheErasures(command: [String]) throws {
        let log = try CLIErasureCopyTests.ErasedLog()
        defer { log.cli.remove() }
        let result = try log.cli.run(["--key-file", log.key] + command + ["$erasures"])
        #expect(result.status != 0, "\(command): \(result.stdout)")
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("$erasures holds the log's erasures, not a session"), "\(result.stderr)")
        #expect(result.stderr.contains("sheetlog erasures"), "\(result.stderr)")
    }

    @Test func theTableAndTheCSV() throws {
        let log = try CLIErasureCopyTests.ErasedLog()
        defer { log.cli.remove() }
        let at = try #require((try CLIHarness.json(log.lines[5]) as? [String: Any])?["at"] as? String)
        let id = try #require((try CLIHarness.json(log.lines[5]) as? [String: Any])?["id"] as? String)

        let table = try log.cli.run(["--key-file", log.key, "erasures"])
        #expect(table.status == 0, "\(table.stderr)")
        let lines = table.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 2)
        #expect(lines[0].split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
            == "POSITION EVENT SUBJECT REQUESTED BY AT SESSIONS CLOSED KEY ERASED")
        #expect(lines[1].split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
            == "6 \(id) user-7 ticket 88 \(at) 1 s1 yes")

        let csv = try log.cli.run(["erasures", "--csv"])
        #expect(csv.status == 0)
        #expect(csv.stdout == """
            position,eventId,subject,requestedBy,at,sessions,closedSessions,keyErased,origin\r
            6,\(id),user-7,ticket 88,\(at),1,s1,yes,device\r

            """)
    }

    @Test func aRequesterThatLooksLikeAFormulaIsWrittenAsText() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        let key = cli.directory.appendingPathComponent("k.key").path
        #expect(try CLIHarness.run(["keygen", key]).status == 0)
        #expect(try cli.run(["--key-file", key, "ingest", "-"], input: Data(
            #"{"session":"s1","subject":"u1","type":"present","presentation":"p1","route":{"name":"n"}}"#.utf8 + [0x0A])).status == 0)
        let erased = try cli.run(["--key-file", key, "erase", "--subject", "u1", "--requested-by", "=cmd|' /C calc'!A0"])
        #expect(erased.status == 0, "\(erased.stderr)")
        let csv = try cli.run(["erasures", "--csv"])
        let row = try #require(csv.stdout.split(separator: "\r\n").dropFirst().first)
        #expect(row.contains(",'=cmd|' /C calc'!A0,"), "\(row)")
        let json = try #require(try CLIHarness.json(try cli.run(["erasures", "--json"]).stdout) as? [[String: Any]])
        #expect(json.first?["requestedBy"] as? String == "=cmd|' /C calc'!A0", "JSON keeps the text as it is")
        #expect(json.first?["closedSessions"] as? [String] == ["s1"])
    }

    @Test func readingTheErasuresLeavesTheFileByteForByte() throws {
        let log = try CLIErasureCopyTests.ErasedLog()
        defer { log.cli.remove() }
        let before = try Data(contentsOf: URL(fileURLWithPath: log.cli.database))
        for arguments in [["erasures"], ["erasures", "--json"], ["erasures", "--csv"], ["--key-file", log.key, "erasures"]] {
            #expect(try log.cli.run(arguments).status == 0)
            #expect(try Data(contentsOf: URL(fileURLWithPath: log.cli.database)) == before, "\(arguments)")
        }
        let wrong = log.cli.directory.appendingPathComponent("wrong.key").path
        #expect(try CLIHarness.run(["keygen", wrong]).status == 0)
        let refused = try log.cli.run(["--key-file", wrong, "erasures"])
        #expect(refused.status == 1, "a key given is checked: \(refused.stderr)")
        #expect(refused.stdout.isEmpty)
    }

    @Test func anEmptyLogAndNoDatabase() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        #expect(try cli.run(["demo", "--plain"]).status == 0)
        let empty = try cli.run(["erasures"])
        #expect(empty.status == 0)
        #expect(empty.stdout == "no erasures in \(cli.database)\n")
        #expect(try cli.run(["erasures", "--json"]).stdout == "[]\n")
        #expect(try cli.run(["erasures", "--csv"]).stdout == "position,eventId,subject,requestedBy,at,sessions,closedSessions,keyErased,origin\r\n")
        #expect(try cli.run(["erasures", "--json", "--csv"]).status == 2)

        let missing = cli.directory.appendingPathComponent("missing.sqlite").path
        let none = try cli.run(["erasures"], database: missing)
        #expect(none.status == 1)
        #expect(none.stderr.contains("no SheetLog database at"), "\(none.stderr)")
        #expect(!FileManager.default.fileExists(atPath: missing))
    }

    @Test func eraseRequiresWhoAskedAndChangesNothingWithout() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        let key = cli.directory.appendingPathComponent("k.key").path
        #expect(try CLIHarness.run(["keygen", key]).status == 0)
        #expect(try cli.run(["--key-file", key, "ingest", "-"], input: Data(
            #"{"session":"s1","subject":"u1","type":"present","presentation":"p1","route":{"name":"n"},"baseline":{"a":"b"}}"#.utf8 + [0x0A])).status == 0)
        let before = try Data(contentsOf: URL(fileURLWithPath: cli.database))
        for extra in [[], ["--requested-by", ""]] {
            let refused = try cli.run(["--key-file", key, "erase", "--subject", "u1"] + extra)
            #expect(refused.status == 2, "\(extra): \(refused.stderr)")
            #expect(refused.stderr.contains("--requested-by"), "\(refused.stderr)")
            #expect(refused.stderr.contains("part of"), "the message says why: \(refused.stderr)")
            #expect(try Data(contentsOf: URL(fileURLWithPath: cli.database)) == before)
        }
        #expect(try cli.run(["erasures"]).stdout == "no erasures in \(cli.database)\n")
        #expect(try cli.run(["--key-file", key, "replay", "s1"]).stdout.contains("[erased]") == false)
    }
}
