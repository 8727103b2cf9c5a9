/// What ``SheetLogDatabase/prune(before:)`` removed, and what stopped the cut there.
///
/// ```swift
/// let report = try await database.prune(before: Date().addingTimeInterval(-14 * 86_400))
/// print("removed \(report.removedEvents) events; \(report.stoppedBy)")
/// ```
public struct PruneReport: Sendable, Hashable, Codable {
    /// Events this prune removed (0 when nothing more could go).
    public var removedEvents: Int64
    /// Sessions this prune removed whole.
    public var removedSessions: Int
    /// Sessions whose state the base carries after the prune: begun at or below the cut but still
    /// needed (a sheet on screen, a draft recover offers, a pending confirmation) or continuing past
    /// it. Their events at or below the cut are removed; their rows, drafts and receipts stay.
    public var carriedSessions: Int
    /// The log's cut after the prune (the last removed position of every prune so far; 0 when none).
    public var cutPosition: Int64
    /// What kept the cut from going further.
    public var stoppedBy: PruneStop
    /// The file's size before the prune minus after it (0 in memory).
    public var bytesFreed: Int64
    /// True when this prune converted an older file to incremental auto-vacuum (a one-time VACUUM).
    public var convertedToIncrementalVacuum: Bool
    /// The steps that removed something: each a whole prune in a short transaction of its own,
    /// with its own base.
    public var steps: Int

    public init(removedEvents: Int64, removedSessions: Int, cutPosition: Int64, stoppedBy: PruneStop, carriedSessions: Int = 0,
                bytesFreed: Int64 = 0, convertedToIncrementalVacuum: Bool = false, steps: Int = 0) {
        self.removedEvents = removedEvents
        self.removedSessions = removedSessions
        self.carriedSessions = carriedSessions
        self.cutPosition = cutPosition
        self.stoppedBy = stoppedBy
        self.bytesFreed = bytesFreed
        self.convertedToIncrementalVacuum = convertedToIncrementalVacuum
        self.steps = steps
    }

    /// The first position the kept log can hold.
    public var firstKeptPosition: Int64 { cutPosition + 1 }
}

/// What stopped a prune's cut: the first thing still needed past it.
public enum PruneStop: Sendable, Hashable, Codable, CustomStringConvertible {
    /// Every event was removed (or the log is empty).
    case endOfLog
    /// The event at `position` was recorded at or after the prune's time.
    case time(position: Int64)
    /// The collector acknowledged the log only through `position`.
    case acknowledged(position: Int64)
    /// A stream that stops the cut, beginning at `position` (today only one that is not a sheet session).
    case session(String, position: Int64, reason: SessionHold)

    /// Why a session stopped a cut. Only ``notASession`` is still produced: since a prune carries
    /// the state of a session still needed across its cut, the others stop nothing (kept so that
    /// reports written by earlier builds still decode).
    public enum SessionHold: String, Sendable, Hashable, Codable {
        /// A sheet is still on its stack.
        case onStack
        /// `recover` still offers one of its drafts.
        case recoverableDraft
        /// A discard confirmation is still pending.
        case pendingConfirmation
        /// Its later events are past what may go (time or acknowledgement): it is never split.
        case continuesPastCut
        /// Its events are not a sheet session's (no read model of it).
        case notASession
    }

    public var description: String {
        switch self {
        case .endOfLog: "nothing is left to remove"
        case .time(let position): "the event at position \(position) was recorded at or after the prune's time"
        case .acknowledged(let position): "the collector acknowledged the log only through position \(position)"
        case .session(let session, let position, let reason):
            switch reason {
            case .onStack: "session \(session) (from position \(position)) still has a sheet on its stack"
            case .recoverableDraft: "session \(session) (from position \(position)) has a draft recover still offers"
            case .pendingConfirmation: "session \(session) (from position \(position)) has a discard confirmation pending"
            case .continuesPastCut: "session \(session) (from position \(position)) continues past the cut and is never split"
            case .notASession: "stream \(session) (from position \(position)) is not a sheet session"
            }
        }
    }
}
