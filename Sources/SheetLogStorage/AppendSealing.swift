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
}
