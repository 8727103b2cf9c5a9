import GRDB
import SheetLogDomain
import SheetLogStorage

extension SQLiteBackend {
    /// `subject_keys` against the `$erasures` stream: a subject's key is gone exactly when an
    /// `eraseSubject` event of the subject is in the log. A key deleted without its event is an
    /// erasure no one recorded; a key present after its event was put back (from a copy made before
    /// the erasure), and would open the subject's values again and take its commands.
    package func subjectKeysCheck() async throws -> VerificationReport.Check {
        try await readModels("subject-keys check") { db in
            guard try db.tableExists("subject_keys"), try SealingRecord.read(in: db) != nil else {
                return .init(name: "subject-keys", passed: true, detail: "a plain database: no subject keys")
            }
            // The erasure events a prune removed count too: the bases carry them.
            let carried = try SQLiteEventStore.hasRetentionTables(in: db) ? """
                OR EXISTS (SELECT 1 FROM log_bases b, json_each(b.erasures) c
                           WHERE json_extract(c.value, '$.type') = '\(SubjectErasure.type)'
                             AND json_extract(json_extract(c.value, '$.payload'), '$.subject') = k.subject)
                """ : ""
            let erasedBy = """
                (EXISTS (SELECT 1 FROM events e WHERE e.stream = '\(SubjectErasure.stream)' AND e.type = '\(SubjectErasure.type)'
                        AND json_extract(e.payload, '$.subject') = k.subject) \(carried))
                """
            if let subject = try String.fetchOne(db, sql: """
                SELECT subject FROM subject_keys k WHERE wrapped_key IS NULL AND NOT \(erasedBy) ORDER BY subject LIMIT 1
                """) {
                return .init(name: "subject-keys", passed: false, detail: "subject \(subject)'s key is erased, but no eraseSubject event records it")
            }
            if let subject = try String.fetchOne(db, sql: """
                SELECT subject FROM subject_keys k WHERE wrapped_key IS NOT NULL AND \(erasedBy) ORDER BY subject LIMIT 1
                """) {
                return .init(name: "subject-keys", passed: false, detail: "subject \(subject) was erased by an eraseSubject event, but its key is back")
            }
            let (held, erased) = try Row.fetchOne(db, sql: """
                SELECT count(*) FILTER (WHERE wrapped_key IS NOT NULL), count(*) FILTER (WHERE wrapped_key IS NULL) FROM subject_keys
                """).map { (Int($0[0] as Int64), Int($0[1] as Int64)) } ?? (0, 0)
            return .init(name: "subject-keys", passed: true, detail: "\(held) subject key(s) held, \(erased) erased, as the log's erasures say")
        }
    }
}
