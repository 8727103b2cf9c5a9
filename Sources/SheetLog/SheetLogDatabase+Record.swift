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
    /// Commands whose id is already stored with the same content are recognised and contribute no
    /// events, so resending the tail of a file after a crash is safe. When a command is rejected,
    /// nothing is appended and the error's `context.line` is the command's 1-based index in
    /// `commands` (a caller reading lines maps it to its own line numbers with ``SheetLogError/atLine(_:)``).
    /// `states` chooses whether each result's `state` is its session's state right after its command
    /// (the default) or after the whole batch (no per-command snapshot: the cheaper choice for bulk ingest).
    @discardableResult
    public func record(_ commands: [CommandEnvelope], states: ResultStates = .afterEachCommand) async throws -> [RecordResult] {
        if commands.isEmpty { return [] }
        // Ids and times are fixed once, so that every retry appends the very same events.
        let prepared = commands.map { envelope in
            PreparedCommand(
                envelope: envelope, id: envelope.id ?? EventIdentifier.random(),
                occurredAt: envelope.occurredAt ?? options.clock.nowMilliseconds())
        }
        if commands.contains(where: { $0.id != nil }), let results = try await recordOptimistically(prepared, states: states) {
            return results
        }
        var retries = 0
        while true {
            let plan = try await plan(prepared, states: states)
            do {
                if let results = try await commit(plan) { return results }
            } catch let error as SheetLogError where error.code == .wrongExpectedVersion && retries < options.maxConcurrencyRetries {
                logger.debug(
                    "another writer changed the session; deciding again",
                    metadata: ["stream": "\(error.context.stream ?? "-")", "retry": "\(retries + 1)"])
            }
            retries += 1
            if retries > options.maxConcurrencyRetries {
                throw SheetLogError(
                    .wrongExpectedVersion,
                    "other writers kept changing sessions \(plan.sessions.sorted().joined(separator: ", ")) through \(retries) attempts",
                    context: .init(operation: "record"))
            }
            try await reload(plan.sessions)
        }
    }

    /// Decides and appends the batch as if none of its ids were stored, which spares a lookup of
    /// every id (random reads in a large `event_id` index) in the common case of new commands.
    ///
    /// It is only trusted when the store confirms it: a command whose id is stored either decides
    /// events whose first id is that very id — the store finds it and refuses or recognises the
    /// append, appending nothing — or decides none, which the plan flags. In every such case, and
    /// for any refusal, this returns nil and the caller plans again with the lookup, which gives
    /// the answer (and the error) the batch deserves. An unknown commit outcome is rethrown, since
    /// it must never be retried, and so is a busy database, which a second plan would only wait for again.
    private func recordOptimistically(_ prepared: [PreparedCommand], states: ResultStates) async throws -> [RecordResult]? {
        do {
            let plan = try await plan(prepared, states: states, lookingUpIDs: false)
            guard !plan.givenIDDecidedNothing else { return nil }
            return try await commit(plan)
        } catch let error as SheetLogError where error.code == .commitOutcomeUnknown || error.code == .readOnly || error.code == .busy {
            throw error
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            return nil
        }
    }

    /// The state of `session` as this database last knew it, read from the log when unknown.
    func cachedState(of session: String) async throws -> SessionState {
        if let known = cache.state(of: session) { return known }
        return try await catchUp(session)
    }

    /// Folds the events of `session` the cache has not seen yet, and returns the up-to-date state.
    @discardableResult
    func catchUp(_ session: String) async throws -> SessionState {
        let known = cache.state(of: session) ?? SessionState(sessionID: session)
        let newer = try await store.readStream(session, after: known.version)
        guard !newer.isEmpty else { return known }
        var state = known
        for event in newer {
            guard event.version == state.version + 1 else {
                throw SheetLogError(
                    .integrityViolation,
                    "session \(session) expects version \(state.version + 1) but finds version \(event.version) at position \(event.position)",
                    context: .init(stream: session, actualVersion: event.version, position: event.position, eventID: event.eventID,
                                   operation: "load"))
            }
            state.apply(try SheetEventCodec.decode(event))
        }
        cache.update(state)
        return state
    }

    private func reload(_ sessions: Set<String>) async throws {
        for session in sessions.sorted() { try await catchUp(session) }
    }
}
