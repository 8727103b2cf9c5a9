import Foundation
import SheetLogProjections
import SheetLogStorage

/// Decides a batch of commands inside an append's transaction, each against the sessions as stored
/// (through the cache while it is exact, see ``SessionCache``) and the states the earlier commands leave.
struct CommandPlanner {
    let transaction: any AppendTransaction
    let cache: SessionCache
    let metadataTexts: MetadataTexts
    /// The limits every event must fit; the decider refuses a draft that would outgrow them.
    let limits: InputLimits
    /// The log's keys when it is sealed: every event is sealed with its session's subject key.
    let sealing: (any AppendSealing)?
    /// Opens the stored events the decisions read.
    let keys: any SubjectKeys
    /// The sessions a coordinator of this handle shows (see ``LiveSessions``): a restore or a decline
    /// never takes a sheet that is still on screen in one of them.
    let liveSessions: Set<String>

    init(
        transaction: any AppendTransaction, cache: SessionCache, metadataTexts: MetadataTexts, limits: InputLimits,
        liveSessions: Set<String> = []
    ) throws {
        self.transaction = transaction
        self.cache = cache
        self.metadataTexts = metadataTexts
        self.liveSessions = liveSessions
        sealing = try transaction.sealing()
        var limits = limits
        limits.payloadsSealed = sealing != nil
        self.limits = limits
        keys = sealing?.keys ?? NoSubjectKeys()
    }

    /// Plans a group of requests in order, each all or nothing: a request a rule refuses is left
    /// out (with its error) and the next one is decided on the states before it.
    func plan(_ group: [RecordQueue.Request]) throws -> RecordingPlan {
        var plan = RecordingPlan(era: cache.era(at: transaction.mark), position: transaction.mark.position)
        // Sized once: a bulk ingest's group holds thousands of commands, each with an id of its own.
        let commands = group.reduce(0) { $0 + $1.commands.count }
        plan.ownIDs.reserveCapacity(commands)
        plan.outcomes.reserveCapacity(commands)
        for request in group {
            // Kept only where a refused request must be undone for the others: a saved copy makes
            // the fold copy the session's state, once per request.
            let before = group.count > 1 ? plan : nil
            do {
                plan.resultStates = request.states
                let start = plan.outcomes.count
                try add(request.commands, to: &plan)
                plan.finishRequest(startingAt: start)
            } catch let error as SheetLogError {
                plan = before ?? RecordingPlan(era: plan.era, position: transaction.mark.position)
                plan.requests.append(.failure(error))
            }
        }
        return plan
    }

    private func add(_ commands: [PreparedCommand], to plan: inout RecordingPlan) throws {
        for (index, command) in commands.enumerated() {
            do {
                try add(command, to: &plan)
            } catch var error as SheetLogError where commands.count > 1 && error.context.line == nil {
                error.context.line = index + 1
                throw error
            }
        }
    }

    private func add(_ command: PreparedCommand, to plan: inout RecordingPlan) throws {
        let target = command.envelope.targetSession
        for session in Set([command.envelope.session, target]) where SubjectErasure.isLogStream(session) {
            // Before its stream is read: the log's own events are no session's to fold.
            throw SheetLogError(
                .invalidInput, "\(command.command.name): the session id \(SubjectErasure.reservedSessionProblem)",
                context: .init(stream: session, operation: command.command.name))
        }
        if command.hasOwnID, let earlier = plan.ownIDs[command.id] {
            // Sent twice in one batch or group: the second is a resend of the first, which this very
            // transaction stores.
            try command.envelope.requireSameContent(as: earlier.command, id: command.id)
            _ = try state(of: target, in: &plan)
            plan.outcomes.append(.repeated(session: target, eventIDs: earlier.eventIDs, state: plan.snapshot(of: target)))
            return
        }
        // Looked up before deciding (an index probe or two): a resend is recognised, never decided again.
        if command.hasOwnID, try transaction.isStored(commandID: command.id), try recognise(command, in: &plan) { return }
        if command.hasOwnID { try refuseResendAcrossCut(command, in: &plan) }
        let decided: [(String, [SheetEvent])]
        do {
            decided = try decide(command, in: &plan)
        } catch let error as SheetLogError where error.code == .ruleViolation {
            // An erased person's session was closed by the erasure: that, not the closed session's
            // own rule, is why its window's command is refused.
            try requireSubjectNotErased(of: command.envelope.targetSession, for: command, in: &plan)
            throw error
        }
        var eventIDs: [String] = []
        for (session, events) in decided where !events.isEmpty {
            let version = try state(of: session, in: &plan).version
            let seal = try sealing.map { sealing in
                let subject = try subject(of: session, for: command, version: version, sealing: sealing, in: &plan)
                return (subject, try sealing.key(forWriting: subject))
            }
            var data: [EventData] = []
            var events = events
            // What each sealed event records of its values is decided against the state it folds
            // into (a plain log's events record nothing: no copy of the state is kept, which would
            // make the fold below copy the session's presentations).
            var running = seal == nil ? nil : try state(of: session, in: &plan)
            for offset in events.indices {
                let event = events[offset]
                let index = eventIDs.count + 1
                let id = EventMetadata.eventID(command.id, index: index)
                let metadata = metadataTexts.json(command: index == 1 ? command.command.name : nil)
                let sealing = seal.map { subject, key in
                    var sealing = PayloadSealing(subject: subject, key: key, stream: session, version: version + Int64(data.count) + 1)
                    sealing.changes = running?.recordedChanges(of: event.kind)
                    return sealing
                }
                if offset < events.count - 1 { running?.apply(event) }
                let written = try SheetEventCodec.encodeWritten(event, eventID: id, metadata: metadata, sealing: sealing)
                data.append(written.data)
                if let seals = written.seals { events[offset].seals = seals }
                if !written.strictlyValid { plan.payloadsStrictlyValid = false }
                eventIDs.append(id)
            }
            running = nil
            plan.batches.append(StreamBatch(stream: session, events: data, expected: .exact(version)))
            if let (subject, key) = seal { plan.sessions[session]?.adopt(SessionSealing(subject: subject, key: .available(key))) }
            plan.fold(events, into: session)
        }
        let state = try state(of: target, in: &plan)
        if eventIDs.isEmpty && command.hasOwnID {
            // Nothing appended would show a resend of it: the receipt does.
            let key = try sealing.map { sealing in
                try sealing.key(forWriting: sessionSubject(of: target, for: command, version: state.version, sealing: sealing, in: &plan))
            }
            plan.add(CommandReceipt(
                commandID: command.id, stream: target, version: state.version, command: command.command.name,
                fingerprint: command.envelope.fingerprint(keyedBy: key), occurredAt: command.occurredAt))
        }
        if command.hasOwnID { plan.ownIDs[command.id] = (command, eventIDs) }
        plan.outcomes.append(.decided(session: target, eventIDs: eventIDs, state: plan.snapshot(of: target)))
    }

    /// Refuses a command whose id the kept log does not know, for a session a prune carried across
    /// its cut, that happened at or before the session's last removed event: it may be the resend
    /// of a command whose events the prune removed, which can no longer be recognised by its id, and
    /// is refused rather than decided a second time. A live app's commands come later than that.
    /// Probed only for a command not later than the session's last event (a resend, or a clock
    /// that went back), never on the hot path.
    private func refuseResendAcrossCut(_ command: PreparedCommand, in plan: inout RecordingPlan) throws {
        let target = command.envelope.targetSession
        _ = try state(of: target, in: &plan)
        guard let last = plan.sessions[target]?.lastEventAt, command.occurredAt <= last,
              case .carried(let carried) = try transaction.base(of: target),
              let removedLast = try CarriedSession(snapshot: carried.snapshot, keys: NoSubjectKeys()).projected.lastEventAt,
              command.occurredAt <= removedLast
        else { return }
        let at = { (ms: Int64) in Date(timeIntervalSince1970: Double(ms) / 1_000).formatted(.iso8601) }
        var error = carried.error(
            "\(command.command.name) with id \(command.id), at \(at(command.occurredAt)), is at or before its last pruned event (\(at(removedLast))) and may be the resend of a command the prune removed",
            operation: command.command.name)
        error.context.eventID = command.id
        throw error
    }

    /// Plans the commands that close each open session of `subject` (``SheetDecider/commandsClosing(_:)``),
    /// under fresh ids at `at`, and returns the sessions it closes. Throws what a command would
    /// (``SheetLogError/Code/subjectErased`` for a subject erased before).
    func planClosing(_ sessions: [String], of subject: String, at: Int64, into plan: inout RecordingPlan) throws -> [String] {
        var closed: [String] = []
        for session in sessions {
            let commands = SheetDecider.commandsClosing(try state(of: session, in: &plan))
            if commands.isEmpty { continue }
            let start = plan.outcomes.count
            for command in commands {
                try add(PreparedCommand(
                    envelope: CommandEnvelope(session: session, command: command, subject: subject),
                    id: EventIdentifier.random(), occurredAt: at), to: &plan)
            }
            plan.finishRequest(startingAt: start)
            closed.append(session)
        }
        return closed
    }

    /// Throws ``SheetLogError/Code/subjectErased`` when the session's subject was erased.
    private func requireSubjectNotErased(of session: String, for command: PreparedCommand, in plan: inout RecordingPlan) throws {
        guard let sealing, let subject = try plan.subjects[session] ?? sealing.subject(ofSession: session) else { return }
        guard try sealing.isErased(subject) else { return }
        throw SheetLogError.subjectErased(subject, session: session, operation: command.command.name)
    }

    /// True when the command's id is stored (its events, or its receipt) with the same content, and
    /// adds its outcome; throws ``SheetLogError/Code/idempotencyConflict`` when the content differs.
    private func recognise(_ command: PreparedCommand, in plan: inout RecordingPlan) throws -> Bool {
        let target = command.envelope.targetSession
        if let stored = try storedEvents(ofCommand: command.id) {
            try command.envelope.requireSameContent(as: stored, id: command.id, keys: keys)
            _ = try state(of: target, in: &plan)
            plan.outcomes.append(.alreadyStored(session: target, events: stored, state: plan.snapshot(of: target)))
            return true
        }
        guard let receipt = try transaction.receipt(command.id) else { return false }
        try command.envelope.requireSameContent(as: receipt, fingerprinting: fingerprinting(of: receipt, for: command, in: &plan))
        _ = try state(of: target, in: &plan)
        plan.outcomes.append(.alreadyStored(session: target, events: [], state: plan.snapshot(of: target)))
        return true
    }

    /// How the receipt's fingerprint was computed: keyed by the key of its session's subject in a
    /// sealed log (the subject its first event names, else the one the receipt was written under).
    private func fingerprinting(
        of receipt: CommandReceipt, for command: PreparedCommand, in plan: inout RecordingPlan
    ) throws -> ReceiptFingerprinting {
        guard let sealing else { return .unkeyed }
        let subject = try plan.subjects[receipt.stream] ?? sealing.subject(ofSession: receipt.stream)
            ?? command.envelope.subject ?? sealing.defaultSubject
        switch try keys.key(for: subject) {
        case .available(let key): return .keyed(key)
        case .erased: return .erased
        case .withheld:
            // A writer holds every stored key: only a log changed behind its back gets here.
            throw SheetLogError(
                .integrityViolation,
                "command id \(receipt.commandID) has a receipt in session \(receipt.stream), but the key of its subject \(subject) is not at hand to compare a resend with it",
                context: .init(stream: receipt.stream, eventID: receipt.commandID, operation: command.command.name))
        }
    }

    /// The subject whose key seals the session's new events: the one its first event named, else the
    /// command's, else (for a restore into a new session) the draft's session's, else the default.
    /// Throws ``SheetLogError/Code/ruleViolation`` for a command that names another subject than the
    /// session's, and for a draft restored into a session of another subject: sealed there under
    /// that subject's key, its values would outlive the erasure of their own subject.
    private func subject(
        of session: String, for command: PreparedCommand, version: Int64, sealing: any AppendSealing, in plan: inout RecordingPlan
    ) throws -> String {
        let subject = try sessionSubject(of: session, for: command, version: version, sealing: sealing, in: &plan)
        if case .restoreDraft(let draft, _) = command.command, draft.session != session,
           let draftSubject = try plan.subjects[draft.session] ?? sealing.subject(ofSession: draft.session), draftSubject != subject {
            throw SheetLogError(
                .ruleViolation,
                "restoreDraft: the draft \(draft.presentation) of session \(draft.session) belongs to subject \(draftSubject), session \(session) to subject \(subject); a draft is restored only into a session of its own subject, so that erasing the subject reaches its values",
                context: .init(stream: session, presentation: draft.presentation, operation: command.command.name), rule: .subjectMismatch)
        }
        return subject
    }

    private func sessionSubject(
        of session: String, for command: PreparedCommand, version: Int64, sealing: any AppendSealing, in plan: inout RecordingPlan
    ) throws -> String {
        let named = session == command.envelope.session ? command.envelope.subject : nil
        var subject = plan.subjects[session]
        if subject == nil, version > 0 {
            // Looked up once per plan: a bulk ingest's every command asked the log again.
            subject = try sealing.subject(ofSession: session)
            plan.subjects[session] = subject
        }
        if let subject {
            if let named, named != subject {
                throw SheetLogError(
                    .ruleViolation, "session \(session) belongs to subject \(subject); a command cannot move it to subject \(named)",
                    context: .init(stream: session, operation: command.command.name), rule: .subjectMismatch)
            }
            return subject
        }
        var chosen = named ?? sealing.defaultSubject
        if named == nil, case .restoreDraft(let draft, _) = command.command, draft.session != session {
            chosen = try plan.subjects[draft.session] ?? sealing.subject(ofSession: draft.session) ?? chosen
        }
        plan.subjects[session] = chosen
        return chosen
    }

    /// The events the command appends, per session, in append order.
    private func decide(_ command: PreparedCommand, in plan: inout RecordingPlan) throws -> [(String, [SheetEvent])] {
        let session = command.envelope.session
        let at = command.occurredAt
        switch command.command {
        case .restoreDraft(let draft, _), .declineDraft(let draft):
            if liveSessions.contains(draft.session) {
                try requireNotOnALiveScreen(draft, state: try state(of: draft.session, in: &plan), command: command.command)
            }
        case .present, .edit, .attemptDismiss, .dismissAll, .confirmDiscard, .keepEditing, .save, .saveFailed, .endSession:
            break
        }
        if case let .restoreDraft(draft, newPresentation) = command.command, draft.session != session {
            let old = try state(of: draft.session, in: &plan)
            let new = try state(of: session, in: &plan)
            let decided = try SheetDecider.decideRestore(
                from: draft, old: old, new: new, newPresentation: newPresentation, at: at, limits: limits)
            return [(draft.session, decided.old), (session, decided.new)]
        }
        let target = command.envelope.targetSession
        let state = try state(of: target, in: &plan)
        return [(target, try SheetDecider.decide(
            command.command, expecting: command.envelope.expectedOutcome, state: state, at: at, limits: limits))]
    }

    /// Refuses to restore or decline a draft that is on screen in a session this handle is recording:
    /// the window that shows it would lose its sheet under the person typing into it.
    private func requireNotOnALiveScreen(_ draft: DraftReference, state: SessionState, command: SheetCommand) throws {
        guard state.stackIDs.contains(draft.presentation) else { return }
        throw SheetLogError(
            .ruleViolation,
            "\(command.name): presentation \(draft.presentation) is on screen in session \(draft.session), which this app is recording; recovery offers drafts of earlier launches only",
            context: .init(stream: draft.session, presentation: draft.presentation, operation: command.name), rule: .draftHeldByLiveSession)
    }

    /// The session's state within the plan: after the plan's earlier commands, else as stored.
    private func state(of session: String, in plan: inout RecordingPlan) throws -> SessionState {
        if let state = plan.state(of: session) { return state }
        let stored = try stored(session, era: plan.era)
        plan.sessions[session] = stored
        return stored.state
    }

    /// The session as stored: the cached fold when it is exact in this era, else the cached fold
    /// (or an empty one) with the events the cache has not seen folded in.
    private func stored(_ session: String, era: UInt64) throws -> ProjectedSession {
        let entry = cache.entry(session)
        if let entry, entry.era == era { return entry.session }
        let known = entry?.session ?? ProjectedSession(session: session)
        let newer = try transaction.readStream(session, after: known.state.version)
        // Only a session whose stored events do not continue the fold can have been pruned or
        // carried: one probe for a session new to this handle, or one whose cached state another
        // transaction may have made stale (a prune, here or in another process); never for a
        // session exact in this era.
        let base = known.needsBase(before: newer) ? try transaction.base(of: session) : nil
        return try known.catchingUp(with: newer, base: base, keys: keys, operation: "record")
    }

    /// The stored events of the command whose first event has `id` (`id`, `id#2` …), nil when not
    /// stored. Further ids are asked for eight at a time: a command has one event, or a few.
    private func storedEvents(ofCommand id: String) throws -> [RecordedEvent]? {
        let first = try transaction.events(withIDs: [id])
        guard !first.isEmpty else { return nil }
        var events = first
        var next = 2
        while true {
            let found = try transaction.events(withIDs: (next..<next + 8).map { EventMetadata.eventID(id, index: $0) })
            events += found
            if found.count < 8 { break }
            next += 8
        }
        return events.sorted { $0.position < $1.position }
    }
}
