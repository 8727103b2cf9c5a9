import SheetLogDomain
import Testing

@Suite("replay")
struct ReplayTests {
    static func recordedSession() throws -> (SessionHarness, [RecordedEvent]) {
        var session = SessionHarness()
        try session.runAll([
            .presentNewExpense("p1"), .edit(field: "amount", value: "5"), .attemptDismiss(source: .swipe), .keepEditing(),
            .edit(field: "category", value: "food"), .save(), .endSession,
        ])
        let recorded = try session.events.enumerated().map { index, event in
            let data = try event.eventData(eventID: "e\(index)")
            return RecordedEvent(
                position: Int64(index + 10), eventID: data.eventID, stream: "s1", version: Int64(index + 1), type: data.type,
                schemaVersion: data.schemaVersion, payload: data.payload, metadata: nil, occurredAt: data.occurredAt,
                recordedAt: 0, chain: [])
        }
        return (session, recorded)
    }

    @Test("steps give the state after each event, ending in the live state")
    func steps() throws {
        let (session, recorded) = try Self.recordedSession()
        let steps = try Replay.steps(recorded: recorded)
        #expect(steps.map(\.version) == Array(1...7))
        #expect(steps.map(\.event) == session.events)
        #expect(steps.last?.state == session.state)
        #expect(steps[2].state.top?.pendingConfirmation?.offersSave == true)
        #expect(steps[3].state.top?.pendingConfirmation == nil)
        #expect(steps[5].state.stack.isEmpty)
        #expect(Replay.steps(session: "s1", session.events).map(\.state) == steps.map(\.state))
    }

    @Test("the state at a version is the fold of the events up to it")
    func stateAtVersion() throws {
        let (session, recorded) = try Self.recordedSession()
        let atTwo = try #require(try Replay.state(recorded: recorded, through: 2))
        #expect(atTwo == SessionState.fold(session: "s1", session.events.prefix(2)))
        #expect(atTwo.top?.values["amount"] == "5")
        #expect(try Replay.state(recorded: recorded) == session.state)
        #expect(try Replay.state(recorded: []) == nil)
    }

    @Test("a gap in versions is an integrity violation, not a silent wrong replay")
    func gap() throws {
        var (_, recorded) = try Self.recordedSession()
        recorded.remove(at: 3)
        let error = try #require(throws: SheetLogError.self) { try Replay.steps(recorded: recorded) }
        #expect(error.code == .integrityViolation)
        #expect(error.context.position == 14)
    }

    @Test("evolve ignores an event about a presentation it has never seen, but counts it")
    func lenientEvolve() {
        let state = SheetDecider.evolve(
            SessionState(sessionID: "s1"), SheetEvent(occurredAt: 1, .edit(.init(presentation: "ghost", field: "f", value: 1))))
        #expect(state.version == 1)
        #expect(state.presentations.isEmpty)
    }
}
