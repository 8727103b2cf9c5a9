import SheetLogDomain

/// One session as the projection sees it: the domain's ``SessionState`` plus what the rows need
/// from the log and the state does not hold (positions, the first event's time, which dismissal
/// row an open alert belongs to).
///
/// The inline path and rebuild fold events through the same ``fold(_:position:version:)``, which
/// is what makes a rebuild write exactly the rows the appends wrote.
package struct ProjectedSession: Sendable {
    /// Log positions of one presentation's events.
    package struct PresentationPositions: Sendable, Hashable {
        /// The `present` that (last) opened it.
        package var opened: Int64
        /// The last event about it.
        package var last: Int64
    }

    /// What folding one event changed, for the inline path to write.
    package struct FoldStep {
        /// The row of an `attemptDismiss`.
        package var dismissal: DismissalRow?
        /// The alert this event answered.
        package var resolution: DismissalResolution?
        /// Presentations whose row changed: the one the event is about and, when the stack
        /// changed, every sheet whose place in it may have moved.
        package var touched: [String] = []
    }

    package var state: SessionState
    /// Stream version of the last event folded.
    package var streamVersion: Int64 = 0
    /// Integrity chain of that event: a cached session is used only when the log still holds it.
    package var streamChain: [UInt8] = []
    /// Position and time of the first sheet event folded; nil while none was.
    package var firstPosition: Int64?
    package var startedAt: Int64?
    /// Stream version, position and time of the last sheet event folded.
    package var foldedVersion: Int64 = 0
    package var lastPosition: Int64 = 0
    package var lastEventAt: Int64?
    package var positions: [String: PresentationPositions] = [:]
    /// The dismissal row (by position) of every alert still up, by presentation.
    package var openAlerts: [String: Int64] = [:]
    /// Set once a sealed event of the session was folded: its subject, and the key its rows are sealed with.
    package var sealing: SessionSealing?
    /// The cells of each presentation's sealed values: the bytes of the events that recorded them
    /// (``SealedCell``), kept as the fold goes, so that the rows copy them and seal nothing.
    package var cells: [String: PresentationCells] = [:]

    package init(session: String) {
        state = SessionState(sessionID: session)
    }

    package var session: String { state.sessionID }

    /// Takes the sealing of the event about to be folded (nil for a plain event).
    package mutating func adopt(_ sealing: SessionSealing?) {
        if let sealing { self.sealing = sealing }
    }

    /// Whether a sheet event was folded, so that the session has a row.
    package var hasRow: Bool { firstPosition != nil }

    /// Folds one decoded event with the domain's `evolve` and says which rows it changed.
    package mutating func fold(_ event: SheetEvent, position: Int64, version: Int64, chain: [UInt8] = []) -> FoldStep {
        let stackBefore = state.stackIDs
        var step = foldRows(event, position: position, version: version, chain: chain)
        let subject = event.presentation
        if let subject, state.presentations[subject] != nil { step.touched.append(subject) }
        if state.stackIDs != stackBefore {
            for id in stackBefore + state.stackIDs where id != subject { step.touched.append(id) }
        }
        return step
    }

    /// ``fold(_:position:version:chain:)`` without working out which presentations it touched:
    /// rebuild writes every row once at the end, and keeping the stack as it was before each event
    /// to compare it made the fold copy the stack on every `present` and close.
    package mutating func foldRows(_ event: SheetEvent, position: Int64, version: Int64, chain: [UInt8] = []) -> FoldStep {
        var step = FoldStep()
        let subject = event.presentation
        if let subject, !openAlerts.isEmpty, let kind = DismissalResolution.Kind(answering: event.kind),
           let alert = openAlerts[subject], state.presentations[subject]?.pendingConfirmation != nil
        {
            step.resolution = DismissalResolution(
                dismissalPosition: alert, kind: kind, resolvedAt: event.occurredAt, resolvedPosition: position)
        }

        // `apply` is the in-place form of `SheetDecider.evolve`: the same fold, without copying
        // the session's presentations on every event.
        state.apply(event)

        if let seals = event.seals, let subject, state.presentations[subject] != nil {
            cells[subject, default: PresentationCells()].fold(event.kind, seals)
        }
        if let subject, let presentation = state.presentations[subject] {
            if case .present = event.kind {
                positions[subject] = PresentationPositions(opened: position, last: position)
            } else {
                positions[subject, default: PresentationPositions(opened: position, last: position)].last = position
            }
            if case .attemptDismiss(let payload) = event.kind {
                step.dismissal = DismissalRow(
                    position: position, session: session, route: presentation.route, payload: payload,
                    occurredAt: event.occurredAt)
                if payload.confirmation && !payload.popped { openAlerts[subject] = position }
            }
            if !openAlerts.isEmpty, presentation.pendingConfirmation == nil { openAlerts[subject] = nil }
        }

        if firstPosition == nil {
            firstPosition = position
            startedAt = event.occurredAt
        }
        foldedVersion = version
        lastPosition = position
        lastEventAt = event.occurredAt
        streamVersion = version
        streamChain = chain
        return step
    }
}
