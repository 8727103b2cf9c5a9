import Foundation
import Testing
import SheetLog

@Suite("Which state the results of a batch carry")
struct ResultStatesTests {
    let database: SheetLogDatabase

    init() throws { database = try SheetLogDatabase.inMemory(options: testOptions()) }

    private var batch: [CommandEnvelope] {
        [
            CommandEnvelope(session: "s1", command: .present(presentation: "p1", route: .newExpense), id: "c1"),
            CommandEnvelope(session: "s1", command: .edit(field: "amount", value: "1"), id: "c2"),
            CommandEnvelope(session: "s2", command: .present(presentation: "p1", route: .newExpense), id: "c3"),
            CommandEnvelope(session: "s1", command: .attemptDismiss(source: .swipe), id: "c4"),
        ]
    }

    @Test("after the batch, every result carries its session's state at the batch's end")
    func afterBatch() async throws {
        let results = try await database.record(batch, states: .afterBatch)
        #expect(results.map(\.state.version) == [3, 3, 1, 3])
        #expect(results[0].state.top?.pendingConfirmation != nil)
        #expect(results.map { $0.events.map(\.version) } == [[1], [2], [1], [3]])
        #expect(try await database.state(of: "s1") == results[0].state)
    }

    @Test("after the batch and after each command append the very same events")
    func sameEventsEitherWay() async throws {
        let other = try SheetLogDatabase.inMemory(options: testOptions())
        let batched = try await database.record(batch, states: .afterBatch)
        let each = try await other.record(batch, states: .afterEachCommand)
        #expect(batched.map { $0.events.map(\.eventID) } == each.map { $0.events.map(\.eventID) })
        #expect(batched.map { $0.events.map(\.payload) } == each.map { $0.events.map(\.payload) })
        #expect(each.map(\.state.version) == [1, 2, 1, 3])
    }

    @Test("a resent batch recorded after the batch carries the stored session's state")
    func resentAfterBatch() async throws {
        try await database.record(batch)
        let again = try await database.record(batch, states: .afterBatch)
        #expect(again.allSatisfy { $0.alreadyStored })
        #expect(again.map(\.state.version) == [3, 3, 1, 3])
    }
}
