import GRDB

/// Everything a rejected input must leave as it was: the last position, and every row of the
/// log and of the projection tables.
struct DatabaseSnapshot: Sendable, Equatable {
    static let tables = ["events", "sessions", "presentations", "dismissals", "sheetlog_migrations"]

    var lastPosition: Int64
    var rows: [String: [String]]

    init(_ db: Database) throws {
        lastPosition = try Int64.fetchOne(db, sql: "SELECT coalesce(max(position), 0) FROM events") ?? 0
        var rows: [String: [String]] = [:]
        for table in Self.tables {
            rows[table] = try Row.fetchAll(db, sql: "SELECT * FROM \(table)").map(\.description).sorted()
        }
        self.rows = rows
    }

    /// The snapshot of the database file at `path`, read through its own connection.
    static func read(path: String) throws -> DatabaseSnapshot {
        var configuration = Configuration()
        configuration.readonly = true
        return try DatabaseQueue(path: path, configuration: configuration).read(DatabaseSnapshot.init)
    }

    var eventCount: Int { rows["events"]?.count ?? 0 }
}
