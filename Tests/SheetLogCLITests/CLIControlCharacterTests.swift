import Foundation
import SheetLog
import Testing

/// Control characters and bidi overrides: refused in ids and names on the way in, and escaped in
/// every human output on the way out (values may hold them legitimately, and a log written before
/// ids were checked may hold them in names).
@Suite("sheetlog and control characters")
struct CLIControlCharacterTests {
    /// Ingest lines whose ids or names hold a control character, and the code point the error names.
    static let refused: [(line: String, codePoint: String)] = [
        (#"{"session":"s\u001b[2J","type":"endSession"}"#, "U+001B"),
        (#"{"session":"s1","type":"present","presentation":"p\n2","route":{"name":"other"}}"#, "U+000A"),
        (#"{"session":"s1","type":"present","presentation":"p2","route":{"name":"other\u0085"}}"#, "U+0085"),
        (#"{"session":"s1","type":"present","presentation":"p2","route":{"name":"other","group":"\u202egroup"}}"#, "U+202E"),
        (#"{"session":"s1","type":"present","presentation":"p2","route":{"name":"other","params":{"k\u0007":"v"}}}"#, "U+0007"),
        (#"{"session":"s1","type":"present","presentation":"p2","route":{"name":"other"},"baseline":{"a\u001b":"1"}}"#, "U+001B"),
        (#"{"session":"s1","type":"present","presentation":"p2","route":{"name":"other"},"required":["a\u007f"]}"#, "U+007F"),
        (#"{"session":"s1","type":"edit","field":"amount\u001b[31m","value":"1"}"#, "U+001B"),
        (#"{"session":"s1","type":"edit","field":"amount","value":"1","id":"e\u2067"}"#, "U+2067"),
        (#"{"session":"s1","type":"declineDraft","from":{"session":"s1","presentation":"p\u009b"}}"#, "U+009B"),
    ]

    @Test(arguments: refused.indices)
    func idsAndNamesWithControlCharactersAreRefused(_ index: Int) throws {
        let (line, codePoint) = Self.refused[index]
        let cli = try CLIHarness()
        defer { cli.remove() }
        let run = try cli.ingest([IngestLines.present(), line])
        #expect(run.status == 1, "\(line)")
        #expect(run.stderr.hasPrefix("sheetlog: line 2: "), "\(line): \(run.stderr)")
        #expect(run.stderr.contains(codePoint), "\(line): \(run.stderr)")
        #expect(Self.isPlain(run.stderr), "\(line): \(run.stderr.debugDescription)")
        #expect(try StoredLog(path: cli.database).eventCount() == 0, "\(line)")
    }

    @Test func restoringIntoASessionWithAControlCharacterIsRefused() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        try cli.ingest([IngestLines.present(), IngestLines.edit()])
        let run = try cli.run(["recover", "restore", "s1", "p1", "--into", "s2\u{1B}[2J"])
        #expect(run.status == 1)
        #expect(run.stderr.contains("U+001B"), "\(run.stderr)")
        #expect(Self.isPlain(run.stderr), "\(run.stderr.debugDescription)")
        #expect(try StoredLog(path: cli.database).eventCount() == 2)
    }

    /// Values with control characters, in a log whose names hold them too (written straight to the
    /// store, as a log from before the check would): every human view escapes them.
    @Test func humanOutputsEscapeControlCharacters() async throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        try await Self.writeLegacyLog(at: cli.database)
        let outputs = [
            ("replay", try cli.run(["replay", Self.session])),
            ("audit", try cli.run(["audit"])),
            ("recover", try cli.run(["recover"])),
            ("verify", try cli.run(["verify"])),
            ("stats", try cli.run(["stats"])),
        ]
        for (name, run) in outputs {
            #expect(run.status == 0, "\(name): \(run.stderr)")
            #expect(Self.isPlain(run.stdout), "\(name): \(run.stdout.debugDescription)")
        }
        let audit = outputs[1].1.stdout
        #expect(audit.split(separator: "\n").count == 2, "one header and one row: \(audit.debugDescription)")
        #expect(audit.contains(#"s\u{1b}[2J\u{a}x"#), "\(audit)")
        let replay = outputs[0].1.stdout
        #expect(replay.contains(#"notes="line\nbreak \u001b[31mred\u009b \u202eevil""#), "\(replay)")
        #expect(replay.contains(#"saveFailed p\u{1b}1: disk\u{a}full"#), "\(replay)")
        let recover = outputs[2].1.stdout
        #expect(recover.split(separator: "\n").count == 2, "\(recover.debugDescription)")

        let csv = try cli.run(["audit", "--csv"]).stdout
        #expect(Self.isPlain(csv.replacingOccurrences(of: "\r\n", with: "")), "\(csv.debugDescription)")
        #expect(csv.components(separatedBy: "\r\n").count == 3, "two records: \(csv.debugDescription)")
    }

    static let session = "s\u{1B}[2J\nx"

    /// A session whose names and values hold control characters, appended below the decider.
    static func writeLegacyLog(at path: String) async throws {
        let database = try SheetLogDatabase.open(path: path)
        let presentation = "p\u{1B}1"
        let route = Route(name: "new\u{202E}Expense", params: ["item\nID": "12\u{1B}3"])
        let events: [SheetEvent.Kind] = [
            .present(.init(presentation: presentation, route: route, baseline: [:], required: ["amo\u{85}unt"])),
            .edit(.init(presentation: presentation, field: "notes", value: "line\nbreak \u{1B}[31mred\u{9B} \u{202E}evil")),
            .edit(.init(presentation: presentation, field: "amo\u{85}unt", value: 12)),
            .saveFailed(.init(presentation: presentation, reason: "disk\nfull")),
            .attemptDismiss(.init(
                presentation: presentation, source: .swipe, outcome: .blocked, dirty: true, changedFields: ["amo\u{85}unt", "notes"],
                confirmation: true, offersSave: true, popped: false)),
        ]
        let data = try events.enumerated().map { index, kind in
            try SheetEventCodec.encode(SheetEvent(occurredAt: 1_767_225_600_000 + Int64(index), kind), eventID: "legacy-\(index)")
        }
        _ = try await database.backend.append(data, to: session, expecting: .noStream)
    }

    /// No control character but the line break, and no bidi formatting character.
    static func isPlain(_ text: String) -> Bool {
        !text.unicodeScalars.contains { scalar in
            let value = scalar.value
            return (value < 0x20 && value != 0x0A) || (0x7F...0x9F).contains(value) || (0x202A...0x202E).contains(value)
                || (0x2066...0x2069).contains(value)
        }
    }
}
