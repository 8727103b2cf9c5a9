import GRDB

/// The log as stored once the writers are done: positions, ids and per-session versions.
struct StoredEvents {
    var positions: [Int64]
    var positionByID: [String: Int64]
    var versionsAreGapFree: Bool

    init(path: String) throws {
        let queue = try DatabaseQueue(path: path)
        let rows = try queue.read { db in
            try Row.fetchAll(db, sql: "SELECT position, event_id FROM events ORDER BY position")
        }
        positions = rows.map { $0["position"] }
        positionByID = Dictionary(uniqueKeysWithValues: rows.map { ($0["event_id"], $0["position"]) })
        versionsAreGapFree = try queue.read { db in
            try Bool.fetchOne(db, sql: """
                SELECT count(*) = 0 FROM (
                    SELECT stream, min(version) AS low, max(version) AS high, count(*) AS n FROM events GROUP BY stream
                ) WHERE low != 1 OR high != n
                """) ?? false
        }
    }

    func positions(ofUnit unit: String) -> [Int64] {
        positionByID.filter { SessionWorkload.unit(of: $0.key) == unit }.map(\.value).sorted()
    }
}
