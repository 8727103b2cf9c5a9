import SheetLogDomain

/// What one append changes in the sheet read models (`sessions`, `presentations`, `dismissals`),
/// in the order a backend writes it inside the append's transaction: the dismissal rows and
/// resolutions of its events, then, for each session it touched, the rows of the presentations
/// that changed and the session's own row.
///
/// Every row comes from the domain's own fold (``SessionState/apply(_:)``, the evolve of
/// ``SheetDecider``), through ``ProjectedSession``, the fold rebuild uses too: a backend that writes
/// these values writes exactly the rows a rebuild writes.
///
/// ```swift
/// let change = try ProjectionChange(folding: recorded) { stream, version in
///     try priorSession(stream, before: version)  // from the backend's cache, or folded from its log
/// }
/// for write in change.dismissals { … }  // INSERT or UPDATE dismissals
/// for session in change.sessions { … }  // presentations, then the session
/// ```
package struct ProjectionChange {
    /// The sheet projection's name, in errors and in verify's findings.
    package static let projectionName = "sheets"
    /// The tables the sheet projection fills.
    package static let tables = ["sessions", "presentations", "dismissals"]

    /// One write to `dismissals`, in event order.
    package enum DismissalWrite: Sendable {
        /// The row of an `attemptDismiss`.
        case insert(DismissalRow)
        /// How the alert raised by an earlier `attemptDismiss` went away.
        case resolve(DismissalResolution)
    }

    package private(set) var dismissals: [DismissalWrite] = []
    /// The sessions the append touched, in the order of their first event in it.
    package private(set) var sessions: [SessionChange] = []

    /// The change ``ProjectionSteps`` folded.
    init(dismissals: [DismissalWrite], sessions: [SessionChange]) {
        self.dismissals = dismissals
        self.sessions = sessions
    }

    /// Folds `events` (newly recorded, in position order, possibly of several streams) into their
    /// sessions. `priorSession` gives a stream's session as its rows stand before the append, given
    /// the version of the stream's first event in it.
    ///
    /// Throws the codec's ``SheetLogError`` for an event the domain refuses — a type it does not
    /// know, a schema newer than this build reads, a payload it cannot decode — so that the append
    /// rolls back: a reader must never see an event without its rows.
    /// `keys` open sealed events; without them a sealed event throws ``SheetLogError/Code/keyUnavailable``.
    /// (An append the facade decided carries its rows instead: ``ProjectionSteps``.)
    package init(
        folding events: [RecordedEvent], keys: (any SubjectKeys)? = nil,
        priorSession: (_ stream: String, _ version: Int64) throws -> ProjectedSession
    ) throws {
        var folded: [String: ProjectedSession] = [:]
        var steps = ProjectionSteps()
        // An event of the log, not of a session (an erasure): no session folds it.
        for recorded in events where !SubjectErasure.isLogLevel(type: recorded.type) {
            if folded[recorded.stream] == nil {
                folded[recorded.stream] = try priorSession(recorded.stream, recorded.version)
            }
            let opened = try LoggedEvent(recorded).sheetEvent(keys: keys)
            folded[recorded.stream]!.adopt(opened.sealing)
            steps.fold(opened.event, into: &folded[recorded.stream]!, position: recorded.position, version: recorded.version, chain: recorded.chain)
        }
        self = steps.change(of: folded)
    }
}

extension ProjectionChange {
    /// Every row of `session` written whole, none compared with what is stored: what an erasure
    /// writes for each session whose values it erased (a narrow update would keep a sealed value
    /// the erased fold reads the same as its start).
    package static func wholeRows(of session: ProjectedSession) -> ProjectionChange {
        ProjectionChange(dismissals: [], sessions: [SessionChange(session, writtenAs: nil, touched: Set(session.state.presentations.keys))])
    }
}
