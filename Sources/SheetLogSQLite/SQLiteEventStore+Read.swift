import GRDB
import SheetLogCore
import SheetLogProjections

extension SQLiteEventStore {
    @concurrent
    public func readStream(
        _ stream: String, after: Int64, through: Int64?, limit: Int?, descending: Bool
    ) async throws -> [RecordedEvent] {
        let sqlLimit = try Self.sqlLimit(limit, operation: "readStream", stream: stream)
        guard Self.canBeStored(stream) else { return [] }
        return try await reading("readStream", context: .init(stream: stream)) { db in
            try Self.readStream(in: db, stream, after: after, through: through, limit: sqlLimit, descending: descending)
        }
    }

    @concurrent
    public func readAll(after: Int64, through: Int64?, limit: Int?, types: Set<String>?) async throws -> [RecordedEvent] {
        let sqlLimit = try Self.sqlLimit(limit, operation: "readAll", stream: nil)
        if let types, types.isEmpty { return [] }
        let sortedTypes = types.map { $0.sorted() }
        return try await reading("readAll") { db in
            try Self.readAll(in: db, after: after, through: through, limit: sqlLimit, types: sortedTypes)
        }
    }

    @concurrent
    public func events(withIDs ids: [String]) async throws -> [RecordedEvent] {
        let unique = Array(Set(ids.filter(Self.canBeStored)))
        if unique.isEmpty { return [] }
        return try await reading("events(withIDs:)") { db in try Self.events(in: db, withIDs: unique) }
    }

    @concurrent
    public func lastPosition() async throws -> Int64 {
        try await reading("lastPosition") { db in
            let last = try Int64.fetchOne(db.cachedStatement(sql: "SELECT COALESCE(MAX(position), 0) FROM events")) ?? 0
            // A log pruned to its end still ends at its cut (a pusher resumes after it).
            guard last == 0, try Self.hasRetentionTables(in: db) else { return last }
            return try Int64.fetchOne(db.cachedStatement(sql: "SELECT COALESCE(MAX(cut_position), 0) FROM log_bases")) ?? 0
        }
    }

    @concurrent
    public func streamVersion(_ stream: String) async throws -> Int64 {
        guard Self.canBeStored(stream) else { return 0 }
        return try await reading("streamVersion", context: .init(stream: stream)) { db in
            // A session a prune carried with no kept event is at the version its base carries.
            let carried = try CarriedSession.hasTable(in: db) ? "(SELECT version FROM base_sessions WHERE session = ?1)" : "NULL"
            return try Int64.fetchOne(
                db.cachedStatement(sql: "SELECT COALESCE(MAX(version), \(carried), 0) FROM events WHERE stream = ?1"),
                arguments: [stream]) ?? 0
        }
    }

    /// Events of `stream` with `after < version <= through` in version order (descending on request),
    /// at most `limit` (-1: no limit), inside an open database access.
    static func readStream(
        in db: Database, _ stream: String, after: Int64, through: Int64?, limit: Int, descending: Bool
    ) throws -> [RecordedEvent] {
        guard canBeStored(stream) else { return [] }
        let statement = try db.cachedStatement(sql: """
            SELECT \(RecordedEvent.columnList) FROM events
            WHERE stream = ? AND version > ? AND version <= ? ORDER BY version \(descending ? "DESC" : "ASC") LIMIT ?
            """)
        return try RecordedEvent.fetchAll(statement, arguments: [stream, after, through ?? Int64.max, limit])
    }

    /// The stored events with these ids (distinct, each one that can be stored), in position order,
    /// inside an open database access.
    static func events(in db: Database, withIDs ids: [String]) throws -> [RecordedEvent] {
        var events: [RecordedEvent] = []
        // Chunked so that the statement stays far below SQLite's limit on bound variables.
        for start in stride(from: 0, to: ids.count, by: 500) {
            let chunk = Array(ids[start..<min(start + 500, ids.count)])
            let placeholders = Array(repeating: "?", count: chunk.count).joined(separator: ", ")
            let statement = try db.cachedStatement(
                sql: "SELECT \(RecordedEvent.columnList) FROM events WHERE event_id IN (\(placeholders))")
            events += try RecordedEvent.fetchAll(statement, arguments: StatementArguments(chunk))
        }
        return events.sorted { $0.position < $1.position }
    }

    /// Events with `after < position <= through` in position order, inside an open database access.
    static func readAll(in db: Database, after: Int64, through: Int64?, limit: Int, types: [String]?) throws -> [RecordedEvent] {
        var sql = "SELECT \(RecordedEvent.columnList) FROM events WHERE position > ? AND position <= ?"
        var arguments: StatementArguments = [after, through ?? Int64.max]
        if let types {
            sql += " AND type IN (\(Array(repeating: "?", count: types.count).joined(separator: ", ")))"
            arguments += StatementArguments(types)
        }
        sql += " ORDER BY position LIMIT ?"
        arguments += [limit]
        return try RecordedEvent.fetchAll(db.cachedStatement(sql: sql), arguments: arguments)
    }

    /// A read on the reader side (the pool's readers for a file), with errors mapped.
    func reading<T: Sendable>(
        _ operation: String, context: SheetLogError.Context = .init(), _ body: @escaping @Sendable (Database) throws -> T
    ) async throws -> T {
        do {
            return try readOnCallingThread(body)
        } catch {
            throw SheetLogError.wrapping(error, operation: operation, context: context)
        }
    }

    /// SQLite's LIMIT for an optional limit: -1 means none.
    private static func sqlLimit(_ limit: Int?, operation: String, stream: String?) throws(SheetLogError) -> Int {
        guard let limit else { return -1 }
        guard limit >= 0 else {
            throw SheetLogError(.invalidInput, "limit \(limit) of \(operation) is negative",
                                context: .init(stream: stream, operation: operation, limit: limit))
        }
        return limit
    }
}

extension SQLiteEventStore {
    /// Whether an identifier could be in the log at all.
    ///
    /// GRDB binds text as a C string, so an id with a NUL would be cut short and match a stored prefix;
    /// appends refuse such ids (``InputLimits``), so reads answer "not stored" without asking SQLite.
    static func canBeStored(_ identifier: String) -> Bool {
        !identifier.utf8.contains(0)
    }
}
