import GRDB
import SheetLogCore
import SheetLogDomain
import SheetLogProjections
import SheetLogStorage

/// ``AppendSealing`` over the append's connection: keys from ``SubjectKeyRing``, subjects from the
/// sessions' first events.
struct SQLiteAppendSealing: AppendSealing {
    let db: Database
    let ring: SubjectKeyRing
    let defaultSubject: String
    let now: Int64
    let epoch: LogEpoch

    var keys: any SubjectKeys { ring.keys(in: db) }

    func subject(ofSession session: String) throws -> String? {
        try Self.subject(ofSession: session, in: db)
    }

    /// The subject the session's first event names, or, once a prune removed that event, the state
    /// it carried names; nil for a session without events or a plain one.
    static func subject(ofSession session: String, in db: Database) throws -> String? {
        let statement = try db.cachedStatement(sql: "SELECT schema_version, payload FROM events WHERE stream = ? AND version = 1")
        if let row = try Row.fetchOne(statement, arguments: [session]) {
            return SheetEventCodec.subject(schemaVersion: row[0], payload: row[1])
        }
        guard try CarriedSession.hasTable(in: db) else { return nil }
        return try String.fetchOne(
            db.cachedStatement(sql: "SELECT json_extract(snapshot, '$.subject') FROM base_sessions WHERE session = ?"), arguments: [session])
    }

    func key(forWriting subject: String) throws -> DataKey {
        try ring.keyForWriting(subject, in: db, now: now, epoch: epoch)
    }

    func sessions(ofSubject subject: String) throws -> [String] {
        try Self.sessions(ofSubject: subject, in: db)
    }

    /// The sessions whose first event is sealed under `subject`, in log order, those a prune carried
    /// (whose first event it removed) first.
    static func sessions(ofSubject subject: String, in db: Database) throws -> [String] {
        let carried = try CarriedSession.hasTable(in: db) ? """
            SELECT session, json_extract(snapshot, '$.firstPosition') FROM base_sessions WHERE json_extract(snapshot, '$.subject') = ?2
            UNION ALL
            """ : ""
        return try String.fetchAll(
            db, sql: """
                \(carried)
                SELECT stream, position FROM events WHERE version = 1 AND schema_version = ?1 AND json_extract(payload, '$.subject') = ?2
                ORDER BY 2
                """,
            arguments: [SheetEventCodec.sealedSchemaVersion, subject])
    }

    func isErased(_ subject: String) throws -> Bool {
        if case .erased = try SubjectKeyRing.stored(subject, in: db) { return true }
        return false
    }

    func erase(_ subject: String, at erasedAt: Int64, withEvent: Bool) throws -> SubjectKeyErasure {
        // The key row first: an unknown subject costs one lookup, not a scan of every session.
        let erasedBefore: Bool
        switch try SubjectKeyRing.stored(subject, in: db) {
        case .none:
            throw SheetLogError(
                .notFound, "subject \(subject) has no key in this database: no session of it was recorded here",
                context: .init(operation: "erase"))
        case .erased: erasedBefore = true
        case .wrapped: erasedBefore = false
        }
        let sessions = try Self.sessions(ofSubject: subject, in: db)
        if erasedBefore {
            let erasedAt = try Int64.fetchOne(db, sql: "SELECT erased_at FROM subject_keys WHERE subject = ?", arguments: [subject]) ?? 0
            return .erasedBefore(erasedAt: erasedAt, sessions: sessions.count)
        }
        // secure_delete (set on the writer of every sealed database) zeroes the old cell.
        try db.execute(sql: "UPDATE subject_keys SET wrapped_key = NULL, erased_at = ? WHERE subject = ?", arguments: [erasedAt, subject])
        if !withEvent { try SheetProjection.reproject(sessions, erasing: subject, keys: keys, in: db) }
        ring.forget(subject, afterCommitOf: db)
        return .erasedNow(sessions: sessions.count)
    }
}
