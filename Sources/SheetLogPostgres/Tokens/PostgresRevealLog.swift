import Logging
import PostgresNIO
import SheetLogCore

/// The fleet viewer's access log in the fleet store (`reveals`, migration 0003): one row per reveal
/// of a session's form values, added before any value is shown, never changed or deleted.
///
/// ```swift
/// let log = PostgresRevealLog.on(fleet)
/// let record = try await log.record(reader: "support", device: "ipad-7", session: "s1")
/// try await log.record(id: record.id)   // the same record, to check a reveal link
/// ```
package struct PostgresRevealLog: Sendable {
    private let reader: PostgresFleetReader
    private let clock: any SheetLogClock

    /// The access log of the fleet `reader` reads, on its connection pool (which its owner closes).
    package static func on(_ reader: PostgresFleetReader, clock: any SheetLogClock = WallClock()) -> PostgresRevealLog {
        PostgresRevealLog(reader: reader, clock: clock)
    }

    /// Records that `reader` reveals `session` of `device` now, and returns the record.
    package func record(reader name: String, device: String, session: String) async throws -> RevealRecord {
        let now = clock.nowMilliseconds()
        return try await reader.reading("reveal") { client in
            let rows = try await client.query("""
                INSERT INTO reveals (reader, device, session, revealed_at) VALUES (\(name), \(device), \(session), \(now)) RETURNING id
                """, logger: reader.logger)
            for try await id in rows.decode(Int64.self) {
                return RevealRecord(id: id, reader: name, device: device, session: session, revealedAt: now)
            }
            throw SheetLogError(.storage, "recording a reveal returned no row", context: .init(operation: "reveal"))
        }
    }

    /// The record numbered `id`; nil when there is none.
    package func record(id: Int64) async throws -> RevealRecord? {
        try await reader.reading("reveal check") { client in
            let rows = try await client.query(
                "SELECT id, reader, device, session, revealed_at FROM reveals WHERE id = \(id)", logger: reader.logger)
            for try await row in rows.decode((Int64, String, String, String, Int64).self) {
                return RevealRecord(id: row.0, reader: row.1, device: row.2, session: row.3, revealedAt: row.4)
            }
            return nil
        }
    }

    /// The newest `limit` records before `before` (all when nil), newest first.
    package func records(limit: Int, before: Int64? = nil) async throws -> [RevealRecord] {
        let bound = before ?? Int64.max
        return try await reader.reading("access log") { client in
            let rows = try await client.query("""
                SELECT id, reader, device, session, revealed_at FROM reveals WHERE id < \(bound) ORDER BY id DESC LIMIT \(Int64(limit))
                """, logger: reader.logger)
            var records: [RevealRecord] = []
            for try await row in rows.decode((Int64, String, String, String, Int64).self) {
                records.append(RevealRecord(id: row.0, reader: row.1, device: row.2, session: row.3, revealedAt: row.4))
            }
            return records
        }
    }
}
