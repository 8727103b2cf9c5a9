import Foundation
import SheetLog
import SheetLogTestSupport
import Testing

/// One state of a session (`sheetlog state`, the viewer's state endpoint): the replay's step for that
/// version, whether it is folded from the first event or from one of the handle's checkpoints.
@Suite("replayMoment")
struct ReplayMomentTests {
    /// `events` events in session `s`: a form with a field typed once at the start, then edits of four others.
    static func record(_ events: Int, into database: SheetLogDatabase) async throws {
        var commands = [CommandEnvelope(
            session: "s", command: .present(presentation: "form", route: Route(name: "notes"), baseline: ["early": "typed first"]), id: "s-0",
            occurredAt: 1_767_268_800_000)]
        for index in 1..<events {
            commands.append(CommandEnvelope(
                session: "s", command: .edit(field: "field\(index % 4)", value: .string("value \(index)")), id: "s-\(index)",
                occurredAt: 1_767_268_800_000 + Int64(index)))
        }
        _ = try await database.record(commands, states: .afterBatch)
    }

    @Test func everyMomentIsTheReplaysStepInWhateverOrderTheyAreAskedFor() async throws {
        let directory = try TemporaryDirectory("moment")
        let database = try SheetLogDatabase.open(path: directory.path(), options: testOptions())
        defer { try? database.close() }
        try await Self.record(2_600, into: database)
        let steps = try await database.replay("s")
        // Backwards and forwards across checkpoints (every 500th version), and their neighbours.
        for version: Int64 in [2_600, 1, 1_001, 500, 499, 501, 1_000, 2_000, 1_999, 2, 2_501, 1_500] {
            let moment = try await database.replayMoment("s", at: version)
            #expect(moment.step == steps[Int(version) - 1], "v\(version)")
            #expect(moment.previous == (version > 1 ? steps[Int(version) - 2].state : nil), "v\(version)")
        }
        await #expect(throws: SheetLogError.self) { try await database.replayMoment("s", at: 2_601) }
        await #expect(throws: SheetLogError.self) { try await database.replayMoment("s", at: 0) }
    }

    @Test func anErasureByAnotherHandleIsSeenThoughTheStateWasCheckpointed() async throws {
        let directory = try TemporaryDirectory("moment-erasure")
        let key = MasterKey.generate()
        let reader = try SheetLogDatabase.open(path: directory.path(), options: SealedDatabaseTests.options(key, subject: "u1"))
        defer { try? reader.close() }
        try await Self.record(1_200, into: reader)
        let before = try await reader.replayMoment("s", at: 1_100)
        #expect(before.step.state.stack.first?.values["field0"] == .string("value 1096"))

        // Another handle (as another process would) erases the subject: the reader's checkpoint at
        // v1000 holds the values, and must not be folded from any more.
        let other = try SheetLogDatabase.open(path: directory.path(), options: SealedDatabaseTests.options(key, subject: "u1"))
        try await other.erase(subject: "u1", requestedBy: "test")
        try other.close()
        let after = try await reader.replayMoment("s", at: 1_100)
        #expect(after.step.state.stack.first?.values["early"] == .erased)
        #expect(after.step.state.stack.first?.values["field0"] == .erased)
        #expect(after.step.state.stack.first?.values["field1"] == .erased)
        #expect(after == (try await reader.replay("s", through: 1_100).last.map { ReplayMoment(step: $0, previous: after.previous) }))
    }
}
