import Foundation
import Hummingbird
import HummingbirdTesting
import PostgresNIO
import SheetLog
import SheetLogCore
import SheetLogPush
import SheetLogSQLite
import SheetLogTestSupport
import Testing

/// The fleet viewer masks every form value; a reader whose token may reveal reveals one session at a
/// time, each reveal recorded (who, when, device, session) and listed on the access log. Run over
/// the router alone and a live server, with the collector's real tokens and PostgreSQL.
@Suite(.timeLimit(.minutes(5))) struct RevealTests {
    /// Values a person typed, to look for in every answer.
    static let markers = ["mk-amount-6d1f", "mk-note-93ae", "mk-base-20c4", "mk-other-7b55"]

    /// A plain device log: s1 (a baseline, two edits, still open: a recoverable draft) and s2.
    static let events = Task { () throws -> [RecordedEvent] in
        let directory = try TemporaryDirectory("reveal")
        let path = directory.path("device.sqlite")
        let database = try SheetLogDatabase.open(path: path)
        let route = Route(name: "newExpense")
        try await database.record(.present(presentation: "p1", route: route, baseline: ["amount": "mk-base-20c4"]), in: "s1")
        try await database.record(.edit(field: "amount", value: "mk-amount-6d1f"), in: "s1")
        try await database.record(.edit(field: "note", value: "mk-note-93ae"), in: "s1")
        try await database.record(.present(presentation: "q1", route: route), in: "s2")
        try await database.record(.edit(field: "note", value: "mk-other-7b55"), in: "s2")
        try database.close()
        let store = try SQLiteEventStore(readingFileAt: path)
        defer { try? store.close() }
        return try await store.readAll(after: 0, through: nil, limit: nil, types: nil)
    }

    /// The harness with the device's log pushed, and a reader token that may reveal (`ines`).
    static func pushed(_ harness: CollectorHarness, _ client: any TestClientProtocol) async throws {
        let answer = try await client.push(harness.device, PushBatch.encode(try await events.value[...]), token: harness.deviceToken)
        #expect(answer.status == .ok, "\(answer.body)")
    }

    static func bearer(_ token: String) -> HTTPFields { [.authorization: "Bearer \(token)"] }

    @Test(arguments: Transport.allCases)
    func everyValueIsMaskedUntilARevealAndTheDerivedFlagsStay(_ transport: Transport) async throws {
        let harness = try await CollectorHarness.make()
        defer { harness.close() }
        try await harness.run(transport) { client in
            try await Self.pushed(harness, client)
            let device = harness.device
            let reader = Self.bearer(harness.readerToken)
            let answers = [
                try await client.fetch("/api/devices/\(device)/sessions/s1/replay", headers: reader),
                try await client.fetch("/api/devices/\(device)/drafts", headers: reader),
                // The state endpoint the timeline's script draws its panels from.
                try await client.fetch("/api/devices/\(device)/sessions/s1/state?at=3", headers: reader),
                try await client.fetch("/devices/\(device)/sessions/s1", headers: reader),
                try await client.fetch("/devices/\(device)/sessions/s1?v=3", headers: reader),
                try await client.fetch("/devices/\(device)/drafts", headers: reader),
            ]
            for (index, answer) in answers.enumerated() {
                #expect(answer.status == .ok, "\(answer.body)")
                for marker in Self.markers { #expect(!answer.body.contains(marker), "\(marker) shown before a reveal") }
                // The API writes a withheld value as an object, the pages as markup: never as text a value could hold.
                #expect(answer.body.contains(index < 3 ? #""withheld" : true"# : #"<span class="marker withheld""#), "\(answer.body)")
                #expect(!answer.body.contains(#""••••""#))
            }
            // Masking is a display: what the state machine derived from the real values stays.
            let steps = try #require(try JSONSerialization.jsonObject(with: Data(answers[0].body.utf8)) as? [[String: Any]])
            let sheet = try #require(((steps[2]["state"] as? [String: Any])?["stack"] as? [[String: Any]])?.first)
            #expect(sheet["dirty"] as? Bool == true)
            #expect(sheet["changedFields"] as? [String] == ["amount", "note"])
            #expect((sheet["values"] as? [String: [String: Bool]]) == ["amount": ["withheld": true], "note": ["withheld": true]])
            #expect(answers[4].body.contains("changed-now"), "the field the edit changed is still marked")
            let state = try #require(try JSONSerialization.jsonObject(with: Data(answers[2].body.utf8)) as? [String: Any])
            let stateSheet = try #require(((state["state"] as? [String: Any])?["stack"] as? [[String: Any]])?.first)
            #expect((stateSheet["values"] as? [String: [String: Bool]]) == ["amount": ["withheld": true], "note": ["withheld": true]])
            #expect(!answers[3].body.contains("id=\"reveal-form\"") && answers[3].body.contains("takes a reader token made"),
                    "no Reveal button for a reader who may not reveal")
            let revealer = try await harness.collector.tokens.add(.revealer("ines"))
            let offered = try await client.fetch("/devices/\(device)/sessions/s1", headers: Self.bearer(revealer))
            #expect(offered.body.contains(#"action="/devices/\#(device)/reveal?session=s1&amp;v=3""#), "the Reveal button, at the version in view")
            for marker in Self.markers { #expect(!offered.body.contains(marker)) }
            let drafts = try #require(try JSONSerialization.jsonObject(with: Data(answers[1].body.utf8)) as? [[String: Any]])
            #expect(drafts.first?["changedFields"] as? [String] == ["amount", "note"])
        }
    }

    @Test(arguments: Transport.allCases)
    func aRevealIsRecordedThenShowsThatSessionToThatReaderOnly(_ transport: Transport) async throws {
        let harness = try await CollectorHarness.make()
        defer { harness.close() }
        let revealer = try await harness.collector.tokens.add(.revealer("ines"))
        let otherRevealer = try await harness.collector.tokens.add(.revealer("omar"))
        try await harness.run(transport) { client in
            try await Self.pushed(harness, client)
            let device = harness.device

            // Nothing is recorded for a token that may not reveal, or for a session that does not exist.
            let refused = try await client.fetch("/api/devices/\(device)/reveal?session=s1", method: .post, headers: Self.bearer(harness.readerToken))
            #expect(refused.status == .forbidden && refused.code == "forbidden", "\(refused.body)")
            #expect(refused.message.contains("--reveal"), "\(refused.message)")
            let unknown = try await client.fetch("/api/devices/\(device)/reveal?session=nope", method: .post, headers: Self.bearer(revealer))
            #expect(unknown.status == .notFound, "\(unknown.body)")
            #expect(try await harness.collector.revealRecords(limit: 10, before: nil).isEmpty)

            let answer = try await client.fetch("/api/devices/\(device)/reveal?session=s1", method: .post, headers: Self.bearer(revealer))
            #expect(answer.status == .created, "\(answer.body)")
            let id = try #require(answer.object["reveal"] as? Int)
            #expect(answer.object["reader"] as? String == "ines")
            #expect(answer.object["session"] as? String == "s1")
            let records = try await harness.collector.revealRecords(limit: 10, before: nil)
            #expect(records.map(\.reader) == ["ines"] && records.map(\.session) == ["s1"] && records.map(\.device) == [device])

            let replay = try await client.fetch("/api/devices/\(device)/sessions/s1/replay?reveal=\(id)", headers: Self.bearer(revealer))
            #expect(replay.status == .ok)
            for marker in Self.markers.prefix(3) { #expect(replay.body.contains(marker), "\(marker) revealed") }
            let page = try await client.fetch("/devices/\(device)/sessions/s1?reveal=\(id)", headers: Self.bearer(revealer))
            #expect(page.body.contains("mk-note-93ae") && page.body.contains("Values revealed to ines"))
            #expect(page.body.contains(#"data-state-url="/api/devices/\#(device)/sessions/s1/state?reveal=\#(id)&amp;at=""#), "the states the script fetches carry the reveal")
            let state = try await client.fetch("/api/devices/\(device)/sessions/s1/state?reveal=\(id)&at=2", headers: Self.bearer(revealer))
            #expect(state.body.contains("mk-amount-6d1f"))

            // The reveal is this reader's, of this session, and of nothing else.
            let otherSession = try await client.fetch("/api/devices/\(device)/sessions/s2/replay?reveal=\(id)", headers: Self.bearer(revealer))
            #expect(otherSession.status == .forbidden && !otherSession.body.contains("mk-other-7b55"))
            let otherReader = try await client.fetch("/api/devices/\(device)/sessions/s1/replay?reveal=\(id)", headers: Self.bearer(otherRevealer))
            #expect(otherReader.status == .forbidden && !otherReader.body.contains("mk-amount"))
            let plainReader = try await client.fetch("/api/devices/\(device)/sessions/s1/replay?reveal=\(id)", headers: Self.bearer(harness.readerToken))
            #expect(plainReader.status == .forbidden && !plainReader.body.contains("mk-amount"))
            let unknownReveal = try await client.fetch("/api/devices/\(device)/sessions/s1/replay?reveal=\(id + 1000)", headers: Self.bearer(revealer))
            #expect(unknownReveal.status == .forbidden)

            // The access log lists it for every reader; a revoked token reveals no more.
            let log = try await client.fetch("/access-log", headers: Self.bearer(harness.readerToken))
            #expect(log.status == .ok && log.body.contains(#"data-reveal="\#(id)""#) && log.body.contains("ines"), "\(log.body)")
            let logJSON = try await client.fetch("/api/access-log", headers: Self.bearer(harness.readerToken))
            let rows = try #require(logJSON.object["reveals"] as? [[String: Any]])
            #expect(rows.count == 1 && rows.first?["session"] as? String == "s1" && logJSON.object["next"] is NSNull)
            for statement in ["DELETE FROM reveals", "UPDATE reveals SET reader = 'nobody'", "TRUNCATE reveals"] {
                await #expect(throws: (any Error).self, "\(statement)") {
                    try await harness.fleet.withConnection { try await $0.query(PostgresQuery(unsafeSQL: statement), logger: FleetDatabase.logger) }
                }
            }
            #expect(try await harness.collector.revealRecords(limit: 10, before: nil).count == 1, "the access log is append-only")
            #expect(try await harness.collector.tokens.revoke(.reader("ines")) == 1)
            let revoked = try await client.fetch("/api/devices/\(device)/sessions/s1/replay?reveal=\(id)", headers: Self.bearer(revealer))
            #expect(revoked.status == .unauthorized && !revoked.body.contains("mk-amount"))
        }
    }

    @Test func aRevealEndsAfterItsDuration() async throws {
        let harness = try await CollectorHarness.make()
        defer { harness.close() }
        let revealer = try await harness.collector.tokens.add(.revealer("ines"))
        let clock = ManualClock(milliseconds: SystemClock().nowMilliseconds())
        try await harness.run(.router, clock: clock) { client in
            try await Self.pushed(harness, client)
            let answer = try await client.fetch("/api/devices/\(harness.device)/reveal?session=s1", method: .post, headers: Self.bearer(revealer))
            let id = try #require(answer.object["reveal"] as? Int)
            let record = try #require(try await harness.collector.revealRecord(id: Int64(id)))
            let replay = "/api/devices/\(harness.device)/sessions/s1/replay?reveal=\(id)"
            clock.set(milliseconds: record.revealedAt + 15 * 60_000 - 1)
            #expect(try await client.fetch(replay, headers: Self.bearer(revealer)).body.contains("mk-amount-6d1f"), "the last millisecond of the reveal")
            clock.set(milliseconds: record.revealedAt + 15 * 60_000)
            let ended = try await client.fetch(replay, headers: Self.bearer(revealer))
            #expect(ended.status == .forbidden && ended.message.contains("ended at"), "\(ended.body)")
            #expect(!ended.body.contains("mk-amount"))
        }
    }

    @Test func theFormPostRedirectsToTheRevealedTimeline() async throws {
        let harness = try await CollectorHarness.make()
        defer { harness.close() }
        let revealer = try await harness.collector.tokens.add(.revealer("ines"))
        try await harness.run(.router) { client in
            try await Self.pushed(harness, client)
            let posted = try await client.fetch("/devices/\(harness.device)/reveal?session=s1&v=2", method: .post, headers: Self.bearer(revealer))
            #expect(posted.status == .seeOther, "\(posted.body)")
            let location = try #require(posted.headers[.location])
            #expect(location.hasPrefix("/devices/\(harness.device)/sessions/s1?reveal=") && location.hasSuffix("&v=2"), "\(location)")
            let page = try await client.fetch(location, headers: Self.bearer(revealer))
            #expect(page.status == .ok && page.body.contains("mk-base-20c4"))
        }
    }
}
