extension SessionState {
    /// Folds one event into the state.
    ///
    /// Total by design: replay, projections and `verify` must fold whatever the log holds, so an
    /// event that does not fit the state (an unknown presentation) changes nothing but the version.
    ///
    /// A sealed event that records its changes (``RecordedChanges``) sets ``Presentation/editedFields``
    /// to exactly the fields that differ from the baseline, and a save's draft time from what it
    /// recorded, so that a fold of values it did not open (withheld) is as exact as one of the values.
    public mutating func apply(_ event: SheetEvent) {
        version += 1
        let at = event.occurredAt
        let recorded = event.seals?.recorded
        switch event.kind {
        case .present(let payload):
            let values = payload.values ?? payload.baseline
            presentations[payload.presentation] = Presentation(
                id: payload.presentation, route: payload.route, baseline: payload.baseline, values: values,
                required: payload.required, dismissGuard: payload.dismissGuard, restoredFrom: payload.restoredFrom,
                openedAt: at, lastEditAt: payload.values == nil ? nil : at,
                editedFields: recorded.map { Set($0.changed) }
                    ?? payload.values.map { Set($0.keys).union(payload.baseline.keys) } ?? [])
            stackIDs.removeAll { $0 == payload.presentation }
            stackIDs.append(payload.presentation)
        case .edit(let payload):
            update(payload.presentation) {
                $0.values[payload.field] = payload.value
                if let recorded, !recorded.changed.contains(payload.field) {
                    $0.editedFields.remove(payload.field)
                } else {
                    $0.editedFields.insert(payload.field)
                }
                $0.lastEditAt = at
            }
        case .attemptDismiss(let payload):
            // The attempt names the fields that differed then: exact where values cannot be compared.
            update(payload.presentation) { $0.editedFields = Set(payload.changedFields) }
            if payload.popped {
                update(payload.presentation) { $0.status = $0.isDirty ? .abandoned : .dismissed }
                close(payload.presentation, at: at)
            } else if payload.confirmation {
                let confirmation = PendingConfirmation(source: payload.source, offersSave: payload.offersSave ?? false)
                update(payload.presentation) { $0.pendingConfirmation = confirmation }
            }
        case .confirmDiscard(let payload):
            update(payload.presentation) { $0.status = .discarded }
            close(payload.presentation, at: at)
        case .keepEditing(let payload):
            update(payload.presentation) { $0.pendingConfirmation = nil }
        case .save(let payload):
            update(payload.presentation) {
                if recorded?.draftChanged ?? ($0.values != payload.values) { $0.lastEditAt = at }
                if let recorded {
                    $0.editedFields = Set(recorded.changed)
                } else {
                    // The app may save values the draft did not hold, or drop fields it held.
                    $0.editedFields.formUnion($0.values.keys)
                    $0.editedFields.formUnion($0.baseline.keys)
                    $0.editedFields.formUnion(payload.values.keys)
                }
                $0.values = payload.values
                $0.status = .saved
                $0.lastSaveFailureAt = nil
            }
            close(payload.presentation, at: at)
        case .saveFailed(let payload):
            update(payload.presentation) {
                $0.pendingConfirmation = nil
                $0.lastSaveFailureAt = at
            }
        case .restoreDraft(let payload):
            update(payload.presentation) { $0.status = .restored }
            close(payload.presentation, at: at)
        case .declineDraft(let payload):
            update(payload.presentation) { $0.status = .declined }
            close(payload.presentation, at: at)
        case .endSession:
            ended = true
            endedAt = at
        }
    }

    /// The state after `event`.
    public func applying(_ event: SheetEvent) -> SessionState {
        var copy = self
        copy.apply(event)
        return copy
    }

    /// The state after every event of `events`, in order.
    public func folding(_ events: some Sequence<SheetEvent>) -> SessionState {
        var copy = self
        for event in events { copy.apply(event) }
        return copy
    }

    /// Folds `events` into `state`.
    public static func fold(_ events: some Sequence<SheetEvent>, into state: SessionState) -> SessionState {
        state.folding(events)
    }

    /// The state of session `sessionID` after `events`, from the start.
    public static func fold(session sessionID: String, _ events: some Sequence<SheetEvent>) -> SessionState {
        SessionState(sessionID: sessionID).folding(events)
    }

    private mutating func update(_ id: String, _ change: (inout Presentation) -> Void) {
        guard presentations[id] != nil else { return }
        change(&presentations[id]!)
    }

    /// Takes a presentation off the screen (wherever it is in the stack) and clears its alert.
    private mutating func close(_ id: String, at time: Int64) {
        guard presentations[id] != nil else { return }
        stackIDs.removeAll { $0 == id }
        presentations[id]!.pendingConfirmation = nil
        if presentations[id]!.closedAt == nil { presentations[id]!.closedAt = time }
    }
}
