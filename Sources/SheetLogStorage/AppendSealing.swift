import SheetLogCore
import SheetLogDomain

/// A sealed log's keys inside an append's transaction: what the facade seals new events with.
///
/// A key created here is stored in the same transaction as the events sealed with it, so an
/// acknowledged event's key is never lost.
package protocol AppendSealing {
    /// The subject of a session whose first command names none.
    var defaultSubject: String { get }
    /// Opens the stored events the decision reads.
    var keys: any SubjectKeys { get }
    /// The subject the session's first event names; nil for a session without events.
    func subject(ofSession session: String) throws -> String?
    /// The subject's data key, created and stored (wrapped) in this transaction on its first event;
    /// throws ``SheetLogError/Code/subjectErased`` for an erased subject.
    func key(forWriting subject: String) throws -> DataKey
    /// The sessions whose first event names `subject`, in log order; none for a subject the log never held.
    func sessions(ofSubject subject: String) throws -> [String]
    /// Whether the subject's key is erased, as stored now (whoever erased it).
    func isErased(_ subject: String) throws -> Bool
    /// Deletes the subject's key in this transaction and says how many sessions it held; a subject
    /// erased before is left as it is. `erasedAt` is the erasure's own time (its event's
    /// `occurred_at`), which an erasure carried by `export | ingest` keeps. Throws ``SheetLogError/Code/notFound`` for a subject the log
    /// never held.
    ///
    /// `withEvent`: the erasure's `eraseSubject` event is appended in this transaction, after the
    /// events that close the subject's open sessions, and the read models render the sessions
    /// again (every value erased) when they take that event. Without it (the event is stored
    /// already) they are rendered again here.
    func erase(_ subject: String, at erasedAt: Int64, withEvent: Bool) throws -> SubjectKeyErasure
}

/// What ``AppendSealing/erase(_:)`` found.
package enum SubjectKeyErasure: Sendable, Equatable {
    /// The key is deleted in this transaction.
    case erasedNow(sessions: Int)
    /// The key was deleted before, at `erasedAt` (milliseconds since 1970).
    case erasedBefore(erasedAt: Int64, sessions: Int)
}
