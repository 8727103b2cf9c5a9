import SheetLog
import SheetLogIngest

/// Checks the `outcome` an `attemptDismiss` line claims against what the state machine decides,
/// before anything is recorded.
///
/// It replays the lines' decisions on copies of the sessions' states, since the facade's record
/// knows nothing of claimed outcomes. A line whose id is already stored is compared with the
/// stored outcome instead, and changes no state (the state read from the log already holds it).
struct OutcomeCheck {
    let database: SheetLogDatabase
    private var states: [String: SessionState] = [:]

    init(database: SheetLogDatabase) { self.database = database }

    /// Checks `line`; returns false when the simulation cannot go on (the line will be rejected
    /// by the recorder, which says why), and throws when the claimed outcome is wrong.
    mutating func check(_ line: IngestLine, number: Int) async throws -> Bool {
        if let id = line.id, let stored = try await database.events(withIDs: [id]).first {
            try requireStoredOutcome(line, stored: stored, number: number)
            return true
        }
        let at = line.occurredAt ?? 0
        do {
            switch line.command {
            case let .restoreDraft(draft, newPresentation) where draft.session != line.session:
                let decided = try SheetDecider.decideRestore(
                    from: draft, old: try await state(draft.session), new: try await state(line.session),
                    newPresentation: newPresentation, at: at)
                states[draft.session] = try await state(draft.session).folding(decided.old)
                states[line.session] = try await state(line.session).folding(decided.new)
            case .declineDraft(let draft):
                let events = try SheetDecider.decide(line.command, state: try await state(draft.session), at: at)
                states[draft.session] = try await state(draft.session).folding(events)
            case .present, .edit, .attemptDismiss, .dismissAll, .confirmDiscard, .keepEditing, .save, .saveFailed, .restoreDraft,
                 .endSession:
                let before = try await state(line.session)
                let events = try SheetDecider.decide(line.command, state: before, at: at)
                if let expected = line.expectedOutcome, case .attemptDismiss(let decided)? = events.first?.kind,
                   decided.outcome != expected {
                    throw SheetLogError(
                        .ruleViolation,
                        "attemptDismiss: the line claims outcome \(expected.rawValue) but the state machine decides \(decided.outcome.rawValue) in session \(line.session)",
                        context: .init(stream: line.session, actualVersion: before.version, presentation: decided.presentation,
                                       field: "outcome", operation: "attemptDismiss", line: number), rule: .outcomeDiffers)
                }
                states[line.session] = before.folding(events)
            }
        } catch let error as SheetLogError where error.context.line == nil {
            return false
        }
        return true
    }

    private func requireStoredOutcome(_ line: IngestLine, stored: RecordedEvent, number: Int) throws {
        guard let expected = line.expectedOutcome else { return }
        let event = try SheetEventCodec.decode(stored)
        if case .attemptDismiss(let payload) = event.kind, payload.outcome == expected { return }
        throw SheetLogError(
            .idempotencyConflict, "command id \(stored.eventID) is already stored with different content (outcome)",
            context: .init(stream: stored.stream, position: stored.position, eventID: stored.eventID, field: "outcome",
                           operation: "attemptDismiss", line: number))
    }

    private mutating func state(_ session: String) async throws -> SessionState {
        if let known = states[session] { return known }
        let state = try await database.state(of: session)
        states[session] = state
        return state
    }
}
