import Foundation
import GRDB
import SheetLog
import Testing

/// Every command type and every event type, walked through the built `sheetlog`: ingest, record,
/// export, ingest of the export into a new file, the export sent again to the first file (an
/// idempotent resend of every command), and replay.
///
/// The scenarios come from an exhaustive switch over ``SheetCommandType/allCases``, so a new
/// command does not compile here until it has a scenario, and a new event type fails the coverage
/// check until a scenario appends it. What each command must store is written out by hand.
@Suite("every command and event type, end to end")
struct CLIEveryTypeRoundTripTests {
    /// Lines that bring a session to where the command can be given, the command's own line, and
    /// the events that line must append: (session, type, payload) exactly as stored.
    struct Scenario {
        var setup: [String]
        var line: String
        var appends: [(session: String, type: String, payload: String)]
    }

    static let route = #"{"name":"expense","group":"editor","params":{"item":"7"}}"#
    static let routePayload = #"{"group":"editor","name":"expense","params":{"item":"7"}}"#

    /// One ingest line; `fields` is the JSON members after `type`.
    static func line(_ session: String, _ id: String, _ type: SheetCommandType, _ fields: String = "") -> String {
        let members = fields.isEmpty ? "" : "," + fields
        return #"{"session":"\#(session)","id":"\#(id)","type":"\#(type.rawValue)"\#(members),"at":"2026-03-01T10:00:00.000Z"}"#
    }

    /// A present of `p1` and an edit of its `amount`, in `session`.
    static func dirtySheet(_ session: String) -> [String] {
        [
            line(session, "\(session)-present", .present, #""presentation":"p1","route":\#(route),"baseline":{"amount":""},"required":["amount"]"#),
            line(session, "\(session)-edit", .edit, #""field":"amount","value":"47.50""#),
        ]
    }

    static func scenario(_ type: SheetCommandType) -> Scenario {
        let s = "walk-\(type.rawValue)"
        switch type {
        case .present:
            return Scenario(
                setup: [], line: line(s, "\(s)-cmd", .present, #""presentation":"p1","route":\#(route),"baseline":{"n":12},"guard":"always""#),
                appends: [(s, "present", #"{"baseline":{"n":12},"guard":"always","presentation":"p1","required":[],"route":\#(routePayload)}"#)])
        case .edit:
            return Scenario(
                setup: [line(s, "\(s)-present", .present, #""presentation":"p1","route":\#(route)"#)],
                line: line(s, "\(s)-cmd", .edit, #""field":"amount","value":-0.5,"presentation":"p1""#),
                appends: [(s, "edit", #"{"field":"amount","presentation":"p1","value":-0.5}"#)])
        case .attemptDismiss:
            return Scenario(
                setup: dirtySheet(s), line: line(s, "\(s)-cmd", .attemptDismiss, #""source":"swipe","outcome":"blocked""#),
                appends: [(s, "attemptDismiss",
                           #"{"changedFields":["amount"],"confirmation":true,"dirty":true,"offersSave":true,"outcome":"blocked","popped":false,"presentation":"p1","source":"swipe"}"#)])
        case .dismissAll:
            return Scenario(
                setup: dirtySheet(s) + [line(s, "\(s)-present2", .present, #""presentation":"p2","route":{"name":"picker"}"#)],
                line: line(s, "\(s)-cmd", .dismissAll, #""source":"programmatic""#),
                appends: [
                    (s, "attemptDismiss",
                     #"{"changedFields":[],"confirmation":false,"dirty":false,"outcome":"dismissed","popped":true,"presentation":"p2","source":"programmatic"}"#),
                    (s, "attemptDismiss",
                     #"{"changedFields":["amount"],"confirmation":false,"dirty":true,"outcome":"forced","popped":true,"presentation":"p1","source":"programmatic"}"#),
                ])
        case .confirmDiscard:
            return Scenario(
                setup: dirtySheet(s) + [line(s, "\(s)-swipe", .attemptDismiss, #""source":"swipe""#)],
                line: line(s, "\(s)-cmd", .confirmDiscard),
                appends: [(s, "confirmDiscard", #"{"discardedFields":["amount"],"presentation":"p1"}"#)])
        case .keepEditing:
            return Scenario(
                setup: dirtySheet(s) + [line(s, "\(s)-swipe", .attemptDismiss, #""source":"swipe""#)],
                line: line(s, "\(s)-cmd", .keepEditing, #""presentation":"p1""#),
                appends: [(s, "keepEditing", #"{"presentation":"p1"}"#)])
        case .save:
            return Scenario(
                setup: dirtySheet(s), line: line(s, "\(s)-cmd", .save, #""values":{"amount":"48.00","paid":true,"note":null}"#),
                appends: [(s, "save", #"{"presentation":"p1","values":{"amount":"48.00","note":null,"paid":true}}"#)])
        case .saveFailed:
            return Scenario(
                setup: dirtySheet(s), line: line(s, "\(s)-cmd", .saveFailed, #""reason":"offline \"now\"""#),
                appends: [(s, "saveFailed", #"{"presentation":"p1","reason":"offline \"now\""}"#)])
        case .restoreDraft:
            let new = "\(s)-relaunch"
            return Scenario(
                setup: dirtySheet(s),
                line: line(new, "\(s)-cmd", .restoreDraft, #""from":{"session":"\#(s)","presentation":"p1"},"presentation":"p1-again""#),
                appends: [
                    (s, "restoreDraft", #"{"intoSession":"\#(new)","newPresentation":"p1-again","presentation":"p1"}"#),
                    (new, "present",
                     #"{"baseline":{"amount":""},"guard":"whenDirty","presentation":"p1-again","required":["amount"],"restoredFrom":{"presentation":"p1","session":"\#(s)"},"route":\#(routePayload),"values":{"amount":"47.50"}}"#),
                ])
        case .declineDraft:
            return Scenario(
                setup: dirtySheet(s) + [line(s, "\(s)-end", .endSession)],
                line: line(s, "\(s)-cmd", .declineDraft, #""from":{"session":"\#(s)","presentation":"p1"}"#),
                appends: [(s, "declineDraft", #"{"presentation":"p1"}"#)])
        case .endSession:
            return Scenario(setup: dirtySheet(s), line: line(s, "\(s)-cmd", .endSession), appends: [(s, "endSession", "{}")])
        }
    }

    @Test func everyTypeRoundTripsThroughIngestExportAndReplay() throws {
        let scenarios = SheetCommandType.allCases.map(Self.scenario)
        let appendedTypes = Set(scenarios.flatMap { $0.appends.map(\.type) })
        #expect(appendedTypes == Set(SheetEventType.allCases.map(\.rawValue)), "a scenario must append every event type")

        let cli = try CLIHarness()
        defer { cli.remove() }
        let ingest = try cli.ingest(scenarios.flatMap { $0.setup + [$0.line] })
        #expect(ingest.status == 0, "\(ingest.stderr)")

        // What each command line stored: exactly the events written out above, in order.
        let original = try StoredEvents(path: cli.database)
        for (type, scenario) in zip(SheetCommandType.allCases, scenarios) {
            let stored = original.events(ofCommand: "walk-\(type.rawValue)-cmd")
            #expect(stored.map { "\($0.stream) \($0.type) \($0.payload)" } == scenario.appends.map { "\($0.session) \($0.type) \($0.payload)" },
                    "\(type.rawValue)")
        }

        let export = try cli.run(["export"])
        #expect(export.status == 0, "\(export.stderr)")
        let exportedTypes = Set(export.stdout.split(separator: "\n").compactMap { line in
            (try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["type"] as? String
        })
        #expect(exportedTypes == Set(SheetCommandType.allCases.map(\.rawValue)), "the export must hold every command type")

        // The export into a new file: the same events, ids, payloads and times, and the same projections.
        let copy = cli.directory.appendingPathComponent("copy.sqlite").path
        let reingest = try cli.run(["ingest", "-"], input: Data(export.stdout.utf8), database: copy)
        #expect(reingest.status == 0, "\(reingest.stderr)")
        #expect(try StoredLog(path: copy).events() == StoredLog(path: cli.database).events())
        #expect(try StoredLog(path: copy).projections() == StoredLog(path: cli.database).projections())
        #expect(try cli.run(["verify"], database: copy).status == 0)

        // The export sent again to the original file: every command is recognised, nothing is appended.
        let resend = try cli.run(["ingest", "-", "--json"], input: Data(export.stdout.utf8))
        #expect(resend.status == 0, "\(resend.stderr)")
        #expect(try StoredEvents(path: cli.database).all.count == original.all.count)

        // Replay (of the copy: its events are the original's, byte for byte) ends in the stack each command leaves.
        for type in SheetCommandType.allCases {
            let session = type == .restoreDraft ? "walk-restoreDraft-relaunch" : "walk-\(type.rawValue)"
            let replayed = try cli.run(["replay", session, "--json"], database: copy)
            #expect(replayed.status == 0, "\(session): \(replayed.stderr)")
            #expect(try Self.finalStack(replayed.stdout) == Self.stackAfter(type), "\(type.rawValue)")
        }
    }

    /// The stack each scenario ends with, bottom to top, with each sheet's values, as the design says.
    static func stackAfter(_ type: SheetCommandType) -> String {
        switch type {
        case .present: return #"p1 {"n":12}"#
        case .edit: return #"p1 {"amount":-0.5}"#
        case .attemptDismiss, .keepEditing, .saveFailed, .endSession: return #"p1 {"amount":"47.50"}"#
        case .dismissAll, .confirmDiscard, .save, .declineDraft: return ""
        case .restoreDraft: return #"p1-again {"amount":"47.50"}"#
        }
    }

    /// The last replay step's stack as `id values` per sheet, values as compact JSON with sorted keys.
    static func finalStack(_ replay: String) throws -> String {
        let steps = try #require(try CLIHarness.json(replay) as? [[String: Any]])
        let stack = try #require((steps.last?["state"] as? [String: Any])?["stack"] as? [[String: Any]])
        return try stack.map { sheet in
            let values = try JSONSerialization.data(withJSONObject: sheet["values"] ?? [:], options: [.sortedKeys])
            return "\(sheet["presentation"] as? String ?? "?") \(String(decoding: values, as: UTF8.self))"
        }.joined(separator: " | ")
    }
}

/// The events of a database file, read straight from its `events` table.
private struct StoredEvents {
    struct Event {
        var eventID: String
        var stream: String
        var type: String
        var payload: String
    }

    let all: [Event]

    init(path: String) throws {
        all = try DatabaseQueue(path: path).read { db in
            try Row.fetchAll(db, sql: "SELECT event_id, stream, type, payload FROM events ORDER BY position").map { row in
                Event(eventID: row[0], stream: row[1], type: row[2], payload: row[3])
            }
        }
    }

    /// The events of the command whose first event has `id`: `id`, `id#2` …
    func events(ofCommand id: String) -> [Event] {
        all.filter { $0.eventID == id || $0.eventID.hasPrefix(id + "#") }
    }
}
