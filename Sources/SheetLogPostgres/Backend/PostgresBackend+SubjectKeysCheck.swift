import PostgresNIO
import SheetLogDomain
import SheetLogStorage

extension PostgresBackend {
    /// The device's shared keys against its pushed erasures: no shared key of a subject whose
    /// `eraseSubject` event the device pushed (the push deletes it in its transaction), nor of one
    /// erased on the collector.
    package func subjectKeysCheck() async throws -> VerificationReport.Check {
        let (left, held) = try await store.reading("verify") { client in
            let rows = try await client.query("""
                SELECT min(k.subject) FILTER (WHERE
                           EXISTS (SELECT 1 FROM events e WHERE e.device = k.device AND e.stream = \(SubjectErasure.stream)
                                   AND e.type = \(SubjectErasure.type) AND e.payload::jsonb ->> 'subject' = k.subject)
                           OR EXISTS (SELECT 1 FROM subject_erasures x WHERE x.subject = k.subject AND (x.device IS NULL OR x.device = k.device))),
                       count(*)::bigint
                FROM shared_keys k WHERE k.device = \(device)
                """, logger: store.logger)
            for try await (subject, count) in rows.decode((String?, Int64).self) { return (subject, count) }
            return (nil, 0)
        }
        if let left {
            return .init(name: "subject-keys", passed: false, detail: "the collector still holds a shared key of subject \(left), which was erased")
        }
        return .init(name: "subject-keys", passed: true, detail: "\(held) shared key(s), none of an erased subject")
    }
}
