import Foundation
import GRDB

/// Reads a database file the CLI wrote, straight through GRDB, to compare what is stored.
struct StoredLog {
    let path: String

    /// Every event's id, stream, version, type, payload and time, in position order.
    func events() throws -> [String] {
        try DatabaseQueue(path: path).read { db in
            try Row.fetchAll(db, sql: "SELECT position, event_id, stream, version, type, payload, occurred_at FROM events ORDER BY position")
                .map { "\($0["position"] as Int64) \($0["event_id"] as String) \($0["stream"] as String) v\($0["version"] as Int64) \($0["type"] as String) \($0["payload"] as String) \(($0["occurred_at"] as Int64?) ?? -1)" }
        }
    }

    func eventCount() throws -> Int {
        guard FileManager.default.fileExists(atPath: path) else { return 0 }
        return try DatabaseQueue(path: path).read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM events") ?? 0 }
    }

    /// The rows of the projection tables, as text, for comparing two databases.
    func projections() throws -> [String: [String]] {
        try DatabaseQueue(path: path).read { db in
            var tables: [String: [String]] = [:]
            for table in ["sessions", "presentations", "dismissals"] {
                tables[table] = try Row.fetchAll(db, sql: "SELECT * FROM \(table)").map { row in
                    row.columnNames.filter { !$0.hasSuffix("position") }.map { "\($0)=\(row[$0] as DatabaseValue)" }.joined(separator: " ")
                }.sorted()
            }
            return tables
        }
    }
}
