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
        for name in sessions {
            // From the state a prune carried, if any: its rows are written whole all the same.
            var session = try CarriedSession.start(of: name, keys: keys, in: db)
            for event in try SQLiteEventStore.readStream(in: db, name, after: session.state.version, through: nil, limit: -1, descending: false) {
                let (opened, sealing) = try LoggedEvent(event).sheetEvent(keys: keys)
                session.adopt(sealing)
                _ = session.foldRows(opened, position: event.position, version: event.version, chain: event.chain)
            }
            try SheetRowWriter(db: db).writeSessionRows(.wholeRows(of: session))
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
