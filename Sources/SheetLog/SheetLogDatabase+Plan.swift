import SheetLogSQLite

extension SheetLogDatabase {
    /// Decides every command in order against the states the earlier ones leave.
    ///
    /// With `lookingUpIDs: false` no command's id is looked up: every command is decided as new
    /// (the optimistic plan; the caller checks it, see ``record(_:states:)``).
    func plan(_ commands: [PreparedCommand], states: ResultStates, lookingUpIDs: Bool = true) async throws -> RecordingPlan {
        var plan = RecordingPlan(resultStates: states)
        // One lookup for the whole batch: only commands whose first id is stored are read again one by one.
        let givenIDs = lookingUpIDs ? commands.compactMap { $0.envelope.id == nil ? nil : $0.id } : []
        let storedIDs = givenIDs.isEmpty ? [] : Set(try await store.events(withIDs: givenIDs).map(\.eventID))
        for (index, command) in commands.enumerated() {
            do {
                try await add(command, to: &plan, idIsStored: storedIDs.contains(command.id))
            } catch var error as SheetLogError where commands.count > 1 && error.context.line == nil {
                error.context.line = index + 1
                throw error
            }
        }
        return plan
    }

    /// Appends the plan's batches in one transaction and updates the cache once it committed.
    ///
    /// Returns nil when the store found every event already stored (another writer recorded the same
    /// ids in between): the caller decides again and recognises them.
    func commit(_ plan: RecordingPlan) async throws -> [RecordResult]? {
        var appended: [String: RecordedEvent] = [:]
        if !plan.batches.isEmpty {
            let result = try await store.append(plan.batches)
            if result.alreadyStored { return nil }
            for event in result.events { appended[event.eventID] = event }
        }
        for state in plan.states.values { cache.update(state) }
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

    private func add(_ command: PreparedCommand, to plan: inout RecordingPlan, idIsStored: Bool) async throws {
        if let id = command.envelope.id { try Self.requirePrintable(id, "command id", operation: command.command.name) }
        let target = command.envelope.targetSession
        if command.envelope.id != nil, idIsStored, let stored = try await storedEvents(ofCommand: command.id) {
            try command.envelope.requireSameContent(as: stored, id: command.id)
            // Another process may have stored it: read the session up to date unless the plan holds it.
            if plan.states[target] == nil { plan.states[target] = try await catchUp(target) }
            _ = try await state(of: target, in: &plan)
            plan.outcomes.append(.alreadyStored(session: target, events: stored, state: plan.snapshot(of: target)))
            return
        }
        var eventIDs: [String] = []
        for (session, events) in try await decide(command, in: &plan) where !events.isEmpty {
            let version = try await state(of: session, in: &plan).version
            var data: [EventData] = []
            for event in events {
                let index = eventIDs.count + 1
                let id = EventMetadata.eventID(command.id, index: index)
                let metadata = metadataTexts.json(command: index == 1 ? command.command.name : nil)
                data.append(try SheetEventCodec.encode(event, eventID: id, metadata: metadata))
                eventIDs.append(id)
            }
            plan.batches.append(StreamBatch(stream: session, events: data, expected: .exact(version)))
            plan.fold(events, into: session)
        }
        _ = try await state(of: target, in: &plan)
        if eventIDs.isEmpty && command.envelope.id != nil { plan.givenIDDecidedNothing = true }
        plan.outcomes.append(.decided(session: target, eventIDs: eventIDs, state: plan.snapshot(of: target)))
    }

    /// The events the command appends, per session, in append order.
    private func decide(_ command: PreparedCommand, in plan: inout RecordingPlan) async throws -> [(String, [SheetEvent])] {
        let session = command.envelope.session
        let at = command.occurredAt
        switch command.command {
        case let .restoreDraft(draft, newPresentation) where draft.session != session:
            let old = try await state(of: draft.session, in: &plan)
            let new = try await state(of: session, in: &plan)
            let decided = try SheetDecider.decideRestore(
                from: draft, old: old, new: new, newPresentation: newPresentation, at: at, limits: options.limits)
            return [(draft.session, decided.old), (session, decided.new)]
        default:
            let target = command.envelope.targetSession
            let state = try await state(of: target, in: &plan)
            return [(target, try SheetDecider.decide(command.command, state: state, at: at, limits: options.limits))]
        }
    }

    /// The session's state within the plan: after the plan's earlier commands, else as cached.
    private func state(of session: String, in plan: inout RecordingPlan) async throws -> SessionState {
        if let state = plan.states[session] { return state }
        let state = try await cachedState(of: session)
        plan.states[session] = state
        return state
    }

    /// The stored events of the command whose first event has `id` (`id`, `id#2` …), nil when not stored.
    func storedEvents(ofCommand id: String) async throws -> [RecordedEvent]? {
        let first = try await store.events(withIDs: [id])
        guard !first.isEmpty else { return nil }
        var events = first
        let chunk = 8
        var next = 2
        while true {
            let ids = (next..<next + chunk).map { EventMetadata.eventID(id, index: $0) }
            let found = try await store.events(withIDs: ids)
            events += found
            if found.count < chunk { break }
            next += chunk
        }
        return events.sorted { $0.position < $1.position }
    }
}
