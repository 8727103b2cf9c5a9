import Foundation
import Testing
import SheetLog

@Suite("Replay and export")
struct ReplayAndExportTests {
    /// A session with a restore from another session, a dismissAll, a save and an end.
    static let script: [CommandEnvelope] = [
        CommandEnvelope(session: "old", command: .present(presentation: "expense", route: .newExpense, required: ["amount"]), id: "o1", occurredAt: 100),
        CommandEnvelope(session: "old", command: .edit(field: "amount", value: "9.99"), id: "o2", occurredAt: 110),
        CommandEnvelope(session: "new", command: .present(presentation: "list", route: Route(name: "list")), id: "n1", occurredAt: 200),
        CommandEnvelope(session: "new", command: .restoreDraft(from: DraftReference(session: "old", presentation: "expense"), as: "expense"),
                        id: "n2", occurredAt: 210),
        CommandEnvelope(session: "new", command: .edit(field: "notes", value: "taxi"), id: "n3", occurredAt: 220),
        CommandEnvelope(session: "new", command: .save(), id: "n4", occurredAt: 230),
        CommandEnvelope(session: "new", command: .present(presentation: "help", route: Route(name: "help")), id: "n5", occurredAt: 240),
        CommandEnvelope(session: "new", command: .dismissAll(source: .programmatic), id: "n6", occurredAt: 250),
        CommandEnvelope(session: "new", command: .endSession, id: "n7", occurredAt: 260),
    ]

    @Test("replay steps equal the live state after each command; state(at:) agrees; replay is deterministic")
    func replayMatchesLive() async throws {
        let database = try SheetLogDatabase.inMemory(options: testOptions())
        var live: [Int64: SessionState] = [:]
        for envelope in Self.script {
            let result = try await database.record([envelope])[0]
            if result.session == "new" { live[result.state.version] = result.state }
        }
        let steps = try await database.replay("new")
        #expect(steps.map(\.version) == Array(1...Int64(steps.count)))
        for step in steps {
            if let state = live[step.version] { #expect(step.state == state) }
            #expect(try await database.state(of: "new", at: step.version) == step.state)
        }
        #expect(steps.last?.state == (try await database.state(of: "new")))
        #expect(try await database.replay("new") == steps)
        #expect(try await database.replay("new", through: 2).count == 2)
        #expect(try await database.state(of: "new", at: 0) == SessionState(sessionID: "new"))
        let beyond = await #expect(throws: SheetLogError.self) { try await database.state(of: "new", at: 99) }
        #expect(beyond?.code == .notFound)
        let unknown = await #expect(throws: SheetLogError.self) { try await database.replay("nobody") }
        #expect(unknown?.code == .notFound)
    }

    @Test("exported commands recorded into a fresh database produce the same events (ids, order, payloads)")
    func exportRoundTrip() async throws {
        let database = try SheetLogDatabase.inMemory(options: testOptions())
        for envelope in Self.script { try await database.record([envelope]) }
        try await database.record(.present(presentation: "p", route: .newFriend), in: "third")  // a random id
        let exported = try await database.exportCommands()
        #expect(exported.count == Self.script.count + 1)
        #expect(exported.prefix(Self.script.count).map(\.id) == Self.script.map(\.id))

        let fresh = try SheetLogDatabase.inMemory(options: testOptions(metadata: ["device": "other"]))
        try await fresh.record(exported)
        func content(_ events: [RecordedEvent]) -> [[String?]] {
            events.map { [$0.eventID, $0.stream, String($0.version), $0.type, $0.payload, $0.occurredAt.map(String.init)] }
        }
        #expect(content(try await fresh.backend.readAll()) == content(try await database.backend.readAll()))
    }

    @Test("export of one session holds every command that appended to it, a restore from elsewhere included")
    func exportOneSession() async throws {
        let database = try SheetLogDatabase.inMemory(options: testOptions())
        try await database.record(Self.script)
        #expect(try await database.exportCommands(session: "old").map(\.id) == ["o1", "o2", "n2"])
        let new = try await database.exportCommands(session: "new")
        #expect(new.map(\.id) == ["n1", "n2", "n3", "n4", "n5", "n6", "n7"])
        #expect(new[1].session == "new")
        #expect(new[1].command == .restoreDraft(from: DraftReference(session: "old", presentation: "expense"), as: "expense"))
        #expect(new[5].command == .dismissAll(source: .programmatic))
    }
}
