import GRDB
import SheetLogDomain
import SheetLogProjections

extension CarriedSession {
    /// The state the latest prune to carry `session` wrote for it (`base_sessions`, migration
    /// 0015), opened with `keys`; nil when none carried it, or when the file predates the table (a
    /// read-only copy of an older file, which carried nothing).
    static func stored(_ session: String, keys: any SubjectKeys, in db: Database) throws -> CarriedSession? {
        guard let text = try storedSnapshot(session, in: db) else { return nil }
        return try CarriedSession(snapshot: text, keys: keys)
    }

    /// Where a fold of `session` from its first kept event starts: the state a prune carried, else
    /// the empty session. The one start of every fold of a whole stream in this backend.
    static func start(of session: String, keys: any SubjectKeys, in db: Database) throws -> ProjectedSession {
        try stored(session, keys: keys, in: db)?.projected ?? ProjectedSession(session: session)
    }

    /// The snapshot text as stored, nil when none.
    static func storedSnapshot(_ session: String, in db: Database) throws -> String? {
        guard try hasTable(in: db) else { return nil }
        return try String.fetchOne(db.cachedStatement(sql: "SELECT snapshot FROM base_sessions WHERE session = ?"), arguments: [session])
    }

    /// Every carried session's snapshot text, by session.
    static func storedSnapshots(in db: Database) throws -> [(session: String, snapshot: String)] {
        guard try hasTable(in: db) else { return [] }
        return try Row.fetchAll(db, sql: "SELECT session, snapshot FROM base_sessions ORDER BY session").map { ($0[0], $0[1]) }
    }

    static func hasTable(in db: Database) throws -> Bool {
        try Bool.fetchOne(db.cachedStatement(
            sql: "SELECT EXISTS (SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'base_sessions')")) ?? false
    }
}
