import Foundation
import SheetLogSQLite

extension SheetLogDatabase {
    /// Records one command in `session` and returns its events and the session's new state.
    ///
    /// Throws the domain's ``SheetLogError`` (``SheetLogError/Code/ruleViolation`` …) when the
    /// command is rejected, appending nothing; ``SheetLogError/Code/idempotencyConflict`` when `id` is
    /// already stored with different content.
    @discardableResult
    public func record(
        _ command: SheetCommand, in session: String, id: String? = nil, occurredAt: Int64? = nil
    ) async throws -> RecordResult {
        let results = try await record([CommandEnvelope(session: session, command: command, id: id, occurredAt: occurredAt)])
        return results[0]
    }

    /// Decides the commands in order (each against the state left by the previous ones) and appends
    /// all their events in ONE transaction: all or nothing.
    ///
    /// Every command is decided inside the append's write transaction, against its session as stored
    /// at that moment, whatever other tasks, connections or processes wrote before: no decision —
    /// an append, "nothing to append" or a rejection — is made on an outdated state, and no command
    /// fails because another writer got there first. Calls from several tasks are applied one at a
    /// time, each in full.
    ///
    /// A command whose id is already stored with the same content — its events, or the receipt of a
    /// command that appended nothing — is recognised and appends nothing, so resending a file, or
    /// its tail after a crash, never changes the log. Ids must not contain `#`: a command's further
    /// events carry `id#2`, `id#3` …
    ///
    /// When a command is rejected, nothing is appended and the error's `context.line` is the command's
    /// 1-based index in `commands` (a caller reading lines maps it to its own line numbers with
    /// ``SheetLogError/atLine(_:)``). `states` chooses whether each result's `state` is its session's
    /// state right after its command (the default) or after the whole batch (no per-command snapshot:
    /// the cheaper choice for bulk ingest).
    @discardableResult
    public func record(_ commands: [CommandEnvelope], states: ResultStates = .afterEachCommand) async throws -> [RecordResult] {
        if commands.isEmpty { return [] }
        // Ids and times are fixed once, so that both passes of the append decide the very same events.
        var prepared: [PreparedCommand] = []
        prepared.reserveCapacity(commands.count)
        for (index, envelope) in commands.enumerated() {
            try Self.requireUsableID(envelope, line: commands.count > 1 ? index + 1 : nil)
            prepared.append(PreparedCommand(
                envelope: envelope, id: envelope.id ?? EventIdentifier.random(),
                occurredAt: envelope.occurredAt ?? options.clock.nowMilliseconds()))
        }
        // Decisions, the append and the cache's update happen as one step per database, so that the
        // cache moves from one committed state to the next in the order of the commits.
        return try recording.withLock {
            let outcome = try store.append { transaction in
                let planner = CommandPlanner(transaction: transaction, cache: cache, metadataTexts: metadataTexts)
                let plan = try planner.plan(prepared, states: states)
                return DecidedAppend(batches: plan.batches, receipts: plan.orderedReceipts, plan: plan)
            }
            cache.commit(outcome.plan.states, era: outcome.plan.era, mark: outcome.mark)
            return Self.results(of: outcome.plan, appended: outcome.result.events)
        }
    }

    private static func results(of plan: RecordingPlan, appended events: [RecordedEvent]) -> [RecordResult] {
        var appended: [String: RecordedEvent] = [:]
        for event in events { appended[event.eventID] = event }
        return plan.outcomes.map { outcome in
            switch outcome {
            case let .alreadyStored(session, events, state):
                return RecordResult(session: session, events: events, alreadyStored: true, state: state ?? plan.states[session]!)
            case let .decided(session, eventIDs, state):
                return RecordResult(session: session, events: eventIDs.compactMap { appended[$0] }, alreadyStored: false,
                                    state: state ?? plan.states[session]!)
            }
        }
    }

    /// Refuses a caller's id that has the shape of a further event's id: `X#2` given by a caller
    /// would be taken for the second event of command `X`.
    private static func requireUsableID(_ envelope: CommandEnvelope, line: Int?) throws {
        guard let id = envelope.id, id.utf8.contains(UInt8(ascii: "#")) else { return }
        throw SheetLogError(
            .invalidInput,
            "command id \(id) contains '#', which SheetLog reserves for the ids of a command's further events (id#2, id#3 …); choose an id without '#'",
            context: .init(stream: envelope.session, eventID: id, operation: envelope.command.name, line: line))
    }

    /// The state of `session` as stored now: the cached state with the events it has not seen folded in.
    func catchUp(_ session: String) async throws -> SessionState {
        let known = cache.entry(session)?.state ?? SessionState(sessionID: session)
        let newer = try await store.readStream(session, after: known.version)
        guard !newer.isEmpty else { return known }
        let state = try known.catchingUp(with: newer)
        cache.remember(state)
        return state
    }
}
