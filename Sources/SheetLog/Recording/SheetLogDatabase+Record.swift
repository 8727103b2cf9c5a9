import Foundation
import SheetLogProjections

extension SheetLogDatabase {
    /// Records one command in `session` and returns its events and the session's new state.
    ///
    /// Throws the domain's ``SheetLogError`` (``SheetLogError/Code/ruleViolation`` …) when the
    /// command is rejected, appending nothing; ``SheetLogError/Code/idempotencyConflict`` when `id` is
    /// already stored with different content; ``SheetLogError/Code/subjectErased`` in a session whose
    /// subject was erased, a resend included.
    @discardableResult
    @concurrent
    public func record(
        _ command: SheetCommand, in session: String, id: String? = nil, occurredAt: Int64? = nil, subject: String? = nil
    ) async throws -> RecordResult {
        let results = try await record([
            CommandEnvelope(session: session, command: command, id: id, occurredAt: occurredAt, subject: subject)
        ])
        return results[0]
    }

    /// Decides the commands in order (each against the state left by the previous ones) and appends
    /// all their events in ONE transaction: all or nothing.
    ///
    /// Every command is decided inside the append's write transaction, against its session as stored
    /// at that moment, whatever other tasks, connections or processes wrote before: no decision —
    /// an append, "nothing to append" or a rejection — is made on an outdated state, and no command
    /// fails because another writer got there first. Calls made while another call is being
    /// committed wait and are then committed together, in the order they were made, in one
    /// transaction (group commit: one fsync for all); each still succeeds or fails on its own, and
    /// returns only after the COMMIT that stored it. A call made while nothing is being committed
    /// is committed at once.
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
    @concurrent
    public func record(_ commands: [CommandEnvelope], states: ResultStates = .afterEachCommand) async throws -> [RecordResult] {
        if commands.isEmpty { return [] }
        let ticket = try submit(commands, states: states)
        return try await complete(ticket)
    }

    /// Queues the commands for recording, without waiting: the order of `submit` calls is the order
    /// in which they are decided. ``complete(_:)`` must follow, and waits for the outcome: a caller
    /// that submits several requests before completing them shares their commit (`ingest --each` does
    /// for the lines that arrived together).
    package func submit(_ commands: [CommandEnvelope], states: ResultStates) throws -> RecordTicket {
        if let refusal = queue.refusal { throw refusal }
        // Ids and times are fixed once, so that every pass of the append decides the very same events.
        var prepared: [PreparedCommand] = []
        prepared.reserveCapacity(commands.count)
        for (index, envelope) in commands.enumerated() {
            do {
                if let id = envelope.id { try Self.requirePrintable(id, "command id", operation: envelope.command.name) }
                if let subject = envelope.subject { try Self.requireUsableSubject(subject, operation: envelope.command.name) }
            } catch {
                throw commands.count > 1 ? error.atLine(index + 1) : error
            }
            try Self.requireUsableID(envelope, line: commands.count > 1 ? index + 1 : nil)
            prepared.append(PreparedCommand(
                envelope: envelope, id: envelope.id ?? EventIdentifier.random(),
                occurredAt: envelope.occurredAt ?? options.clock.nowMilliseconds()))
        }
        let request = RecordQueue.Request(commands: prepared, states: states)
        queue.submit(request)
        return request.ticket
    }

    /// Waits for a submitted request's outcome, committing the group it leads when its turn comes.
    package func complete(_ ticket: RecordTicket) async throws -> [RecordResult] {
        switch await ticket.wait() {
        case .done(let outcome):
            return try outcome.get()
        case .lead:
            let group = queue.takeGroup()
            await commit(group)
            queue.handOver()
            guard case .done(let outcome) = await ticket.wait() else {
                preconditionFailure("a leader's own request is resolved by its group")
            }
            return try outcome.get()
        }
    }

    /// Decides and appends a group of requests in one transaction and resolves every ticket.
    ///
    /// When the transaction as a whole is refused (an input limit, a conflict the store found) and
    /// the group holds several requests, each is committed on its own, so that one caller's bad input
    /// never fails another's commands. An unknown COMMIT outcome is every request's: none is retried.
    private func commit(_ group: [RecordQueue.Request]) async {
        if let refusal = queue.refusal {
            for request in group { request.ticket.resolve(.done(.failure(refusal))) }
            return
        }
        do {
            let outcome = try await backend.append { transaction in
                let planner = try CommandPlanner(
                    transaction: transaction, cache: cache, metadataTexts: metadataTexts, limits: options.limits,
                    liveSessions: liveSessions.snapshot)
                var plan = try planner.plan(group)
                let rows = plan.rows()
                return DecidedAppend(
                    batches: plan.batches, receipts: plan.receipts, plan: plan,
                    jsonWrittenStrictlyValid: plan.payloadsStrictlyValid && metadataTexts.isStrictlyValid, idsLookedUp: true,
                    rows: rows)
            }
            cache.commit(outcome.plan.sessions, era: outcome.plan.era, mark: outcome.mark)
            retention?.consider()
            var appended: [String: RecordedEvent] = [:]
            appended.reserveCapacity(outcome.result.events.count)
            for event in outcome.result.events { appended[event.eventID] = event }
            for (request, result) in zip(group, outcome.plan.requests) {
                if case .success = result { liveSessions.recorded(request.commands) }
                request.ticket.resolve(.done(result.map { Self.results(of: outcome.plan, in: $0, appended: appended) }.mapError { $0 }))
            }
        } catch let error as SheetLogError where error.code != .commitOutcomeUnknown && error.code != .busy && group.count > 1 {
            for request in group { await commit([request]) }
        } catch {
            if let error = error as? SheetLogError, error.code == .commitOutcomeUnknown { queue.refuseAfter(error) }
            for request in group { request.ticket.resolve(.done(.failure(error))) }
        }
    }

    private static func results(of plan: RecordingPlan, in range: Range<Int>, appended: [String: RecordedEvent]) -> [RecordResult] {
        plan.outcomes[range].map { outcome in
            switch outcome {
            case let .alreadyStored(session, events, state):
                return RecordResult(session: session, events: events, alreadyStored: true, state: state ?? plan.state(of: session)!)
            case let .decided(session, eventIDs, state):
                return RecordResult(session: session, events: eventIDs.compactMap { appended[$0] }, alreadyStored: false,
                                    state: state ?? plan.state(of: session)!)
            case let .repeated(session, eventIDs, state):
                return RecordResult(session: session, events: eventIDs.compactMap { appended[$0] }, alreadyStored: true,
                                    state: state ?? plan.state(of: session)!)
            }
        }
    }

    /// Refuses a caller's id that has the shape of a further event's id: `X#2` given by a caller
    /// would be taken for the second event of command `X`.
    /// A subject names a person's key and is printed in erasure reports: non-empty, printable.
    package static func requireUsableSubject(_ subject: String, operation: String) throws(SheetLogError) {
        if subject.isEmpty { throw SheetLogError(.invalidInput, "subject is empty", context: .init(operation: operation)) }
        try requirePrintable(subject, "subject", operation: operation)
    }

    private static func requireUsableID(_ envelope: CommandEnvelope, line: Int?) throws {
        guard let id = envelope.id, id.utf8.contains(UInt8(ascii: "#")) else { return }
        throw SheetLogError(
            .invalidInput,
            "command id \(id) contains '#', which SheetLog reserves for the ids of a command's further events (id#2, id#3 …); choose an id without '#'",
            context: .init(stream: envelope.session, eventID: id, operation: envelope.command.name, line: line))
    }

    /// The state of `session` as stored now: the cached state with the events it has not seen folded in.
    func catchUp(_ session: String) async throws -> SessionState {
        let known = cache.entry(session)?.session ?? ProjectedSession(session: session)
        let newer = try await backend.readStream(session, after: known.state.version)
        // Nothing new, or events that do not continue the cached fold: unchanged, never recorded,
        // or pruned or carried (here or by another process) since this handle cached it, whose
        // cached state must not be handed out.
        let base = known.needsBase(before: newer) ? try await backend.base(of: session) : nil
        if newer.isEmpty, base == nil { return known.state }
        let caughtUp = try known.catchingUp(with: newer, base: base, keys: backend.subjectKeys, operation: "state")
        cache.remember(caughtUp)
        return caughtUp.state
    }
}
