import GRDB
import SheetLogCore
import SheetLogDomain
import SheetLogProjections

extension SheetProjection {
    /// Writes the presentation and session rows of `sessions` again as a rebuild writes them once
    /// `subject` is erased, in the erasure's transaction: every value `[erased]`, and what the
    /// values decided (a draft's `dirty`, its `changed_fields`) as far as erased values tell. The
    /// dismissal rows stay: they come from the `attemptDismiss` events, which hold no values.
    static func reproject(_ sessions: [String], erasing subject: String, keys: any SubjectKeys, in db: Database) throws {
        let keys = ErasingSubjectKeys(erased: subject, others: keys)
        for session in sessions {
            let events = try SQLiteEventStore.readStream(in: db, session, after: 0, through: nil, limit: -1, descending: false)
            let change = try ProjectionChange(folding: events, keys: keys) { stream, _ in ProjectedSession(session: stream) }
            try SheetRowWriter(db: db).writeSessionRows(change)
        }
    }
}

/// `others`, except that `erased` reads as erased: its key row is gone in this transaction, but a
/// ring may still hold the key until the transaction commits.
private struct ErasingSubjectKeys: SubjectKeys {
    let erased: String
    let others: any SubjectKeys

    func key(for subject: String) throws(SheetLogError) -> SubjectKey {
        subject == erased ? .erased : try others.key(for: subject)
    }
}
