import GRDB
import SheetLogCore
import SheetLogDomain
import SheetLogStorage

/// ``AppendSealing`` over the append's connection: keys from ``SubjectKeyRing``, subjects from the
/// sessions' first events.
struct SQLiteAppendSealing: AppendSealing {
    let db: Database
    let ring: SubjectKeyRing
    let defaultSubject: String
    let now: Int64

    var keys: any SubjectKeys { ring.keys(in: db) }

    func subject(ofSession session: String) throws -> String? {
        try Self.subject(ofSession: session, in: db)
    }

    /// The subject the session's first event names; nil for a session without events or a plain one.
    static func subject(ofSession session: String, in db: Database) throws -> String? {
        let statement = try db.cachedStatement(sql: "SELECT schema_version, payload FROM events WHERE stream = ? AND version = 1")
        guard let row = try Row.fetchOne(statement, arguments: [session]) else { return nil }
        return SheetEventCodec.subject(schemaVersion: row[0], payload: row[1])
    }

    func key(forWriting subject: String) throws -> DataKey {
        try ring.keyForWriting(subject, in: db, now: now)
    }
}
