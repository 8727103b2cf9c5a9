import Foundation
import SheetLog
import Testing

/// Ids and names hold no control character (U+0000–U+001F, U+007F, U+0080–U+009F) and no bidi
/// override or isolate (U+202A–U+202E, U+2066–U+2069): printed, they would run terminal escapes,
/// split audit rows or reorder what a reader sees. The library refuses them, naming which id or
/// name and the code point, and writes nothing.
@Suite("control characters in ids and names")
struct ControlCharacterTests {
    /// A command in session `s1` (after `p1` was presented there), and what the error must name.
    static let cases: [(name: String, session: String, command: SheetCommand, named: String, codePoint: String)] = [
        ("session id", "s\u{1B}[2J", .endSession, "session id", "U+001B"),
        ("session id with a newline", "s1\n", .endSession, "session id", "U+000A"),
        ("presentation id", "s1", .present(presentation: "p\u{1B}]0;x\u{07}", route: .newFriend), "presentation id", "U+001B"),
        ("presentation id with a bidi override", "s1", .present(presentation: "p\u{202E}2", route: .newFriend), "presentation id", "U+202E"),
        ("route name", "s1", .present(presentation: "p2", route: Route(name: "new\u{85}Friend")), "route name of presentation p2", "U+0085"),
        ("route group", "s1", .present(presentation: "p2", route: Route(name: "newFriend", group: "g\u{2066}")), "route group of presentation p2", "U+2066"),
        ("route parameter name", "s1", .present(presentation: "p2", route: Route(name: "newFriend", params: ["id\t": "1"])),
         "a route parameter name of presentation p2", "U+0009"),
        ("baseline field name", "s1", .present(presentation: "p2", route: .newFriend, baseline: ["name\u{7F}": "x"]), "a field name of presentation p2", "U+007F"),
        ("required field name", "s1", .present(presentation: "p2", route: .newFriend, required: ["name\r"]), "a required field name of presentation p2", "U+000D"),
        ("edited field name", "s1", .edit(field: "amount\u{1B}[31m", value: "1"), "field name", "U+001B"),
        ("named presentation", "s1", .attemptDismiss(source: .swipe, presentation: "p1\u{9B}"), "presentation id", "U+009B"),
        ("saved field name", "s1", .save(values: ["amount\u{2069}": "1"]), "field name", "U+2069"),
        ("draft session", "s1", .declineDraft(from: DraftReference(session: "s\u{0}0", presentation: "p1")), "session id", "U+0000"),
        ("draft presentation", "s1", .restoreDraft(from: DraftReference(session: "s1", presentation: "p\u{1F}"), as: "p3"),
         "draft presentation id", "U+001F"),
        ("restored as", "s1", .restoreDraft(from: DraftReference(session: "s1", presentation: "p1"), as: "p\u{202A}3"),
         "presentation id", "U+202A"),
    ]

    @Test(arguments: cases.indices)
    func refusedByRecord(_ index: Int) async throws {
        let (name, session, command, named, codePoint) = Self.cases[index]
        let database = try SheetLogDatabase.inMemory(options: testOptions())
        try await database.record(.present(presentation: "p1", route: .newExpense), in: "s1")
        let error = await #expect(throws: SheetLogError.self, "\(name)") { try await database.record(command, in: session) }
        #expect(error?.code == .invalidInput, "\(name)")
        #expect(error?.message.contains("\(named) contains") == true, "\(name): \(error?.message ?? "")")
        #expect(error?.message.contains(codePoint) == true, "\(name): \(error?.message ?? "")")
        #expect(error.map { Self.isPrintable($0.message) } == true, "\(name): the message itself holds the character")
        #expect(try await database.backend.lastPosition() == 1, "\(name)")
    }

    @Test func commandIDIsChecked() async throws {
        let database = try SheetLogDatabase.inMemory(options: testOptions())
        let error = await #expect(throws: SheetLogError.self) {
            try await database.record(.present(presentation: "p1", route: .newExpense), in: "s1", id: "cmd\u{1B}[1m")
        }
        #expect(error?.code == .invalidInput)
        #expect(error?.message == "command id contains control character U+001B at character 4")
        #expect(try await database.backend.lastPosition() == 0)
    }

    @Test func metadataIsChecked() throws {
        for metadata in [["device\n": "phone"], ["user": "ada\u{202E}"]] {
            let error = #expect(throws: SheetLogError.self) {
                _ = try SheetLogDatabase.inMemory(options: testOptions(metadata: metadata))
            }
            #expect(error?.code == .invalidInput)
            #expect(error.map { Self.isPrintable($0.message) } == true)
        }
    }

    @Test func coordinatorReportsTheRefusal() async throws {
        let database = try SheetLogDatabase.inMemory(options: testOptions())
        let coordinator = await SheetCoordinator(database: database, session: "window-1")
        let accepted = await coordinator.present("expense\n1", route: .newExpense)
        #expect(!accepted)
        #expect(await coordinator.lastError?.message.contains("U+000A") == true)
        #expect(await coordinator.presentedSheet == nil)
    }

    @Test func valuesMayHoldControlCharacters() async throws {
        let database = try SheetLogDatabase.inMemory(options: testOptions())
        try await database.record(.present(presentation: "p1", route: .newExpense), in: "s1")
        let result = try await database.record(.edit(field: "notes", value: "line one\nline two\t\u{1B}"), in: "s1")
        #expect(result.state.top?.values["notes"] == "line one\nline two\t\u{1B}")
    }

    static func isPrintable(_ text: String) -> Bool {
        !text.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) || (0x202A...0x202E).contains($0.value) || (0x2066...0x2069).contains($0.value) }
    }
}
