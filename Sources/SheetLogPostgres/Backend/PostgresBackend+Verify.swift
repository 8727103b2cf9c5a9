import PostgresNIO
import SheetLogStorage

extension PostgresBackend {
    /// The fleet store's counterpart of SQLite's `integrity_check`, named `integrity_check`.
    ///
    /// PostgreSQL has no statement that checks one device's rows, and `amcheck` would have to be
    /// installed (a change a read-only check must not make). So this reads every row of the device's
    /// `events` and `command_receipts` back in full (each payload, metadata and chain detoasted), which
    /// fails on a damaged heap page or TOAST chunk (SQLSTATE class XX, reported as a failed check),
    /// and says whether the cluster keeps page checksums. It does not check indexes.
    package func integrityCheck() async throws -> VerificationReport.Check {
        let logger = store.logger
        do {
            return try await store.reading("integrity_check") { client in
                var events: Int64 = 0, receipts: Int64 = 0
                let eventRows = try await client.query("""
                    SELECT count(*)::bigint, coalesce(sum(octet_length(payload) + coalesce(octet_length(metadata), 0)
                                                          + octet_length(chain) + octet_length(event_id) + octet_length(stream)), 0)::bigint
                    FROM events WHERE device = \(device)
                    """, logger: logger)
                for try await (count, _) in eventRows.decode((Int64, Int64).self) { events = count }
                let receiptRows = try await client.query("""
                    SELECT count(*)::bigint, coalesce(sum(octet_length(command_id) + octet_length(fingerprint)), 0)::bigint
                    FROM command_receipts WHERE device = \(device)
                    """, logger: logger)
                for try await (count, _) in receiptRows.decode((Int64, Int64).self) { receipts = count }
                var checksums = "off"
                for try await (setting) in try await client.query("SHOW data_checksums", logger: logger).decode(String.self) { checksums = setting }
                return .init(
                    name: "integrity_check", passed: true,
                    detail: "ok: \(events) events and \(receipts) command receipts of device \(device) read back whole (page checksums \(checksums); indexes not checked)")
            }
        } catch let error as SheetLogError where error.message.contains("SQLSTATE XX") {
            return .init(name: "integrity_check", passed: false, detail: error.message)
        }
    }

    /// Compares the device's read-model rows with a rebuild from its events, in a transaction that
    /// is rolled back: the rebuild is written into temporary copies of the three tables (which shadow
    /// them on the connection's search path), and both sides are read in one snapshot.
    package func verifyProjections() async throws -> [ProjectionMismatch] {
        var mismatches: [ProjectionMismatch] = []
        try await withTransaction("verify") { connection in
            let logger = store.logger
            try await connection.query("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ", logger: logger)
            var stored: [String: [[String?]]] = [:]
            for (table, columns) in Self.readModelColumns {
                stored[table] = try await rows(of: "public.\(table)", columns: columns, connection)
            }
            for (table, _) in Self.readModelColumns {
                try await connection.query(
                    PostgresQuery(unsafeSQL: "CREATE TEMPORARY TABLE \(table) (LIKE public.\(table) INCLUDING ALL) ON COMMIT DROP"), logger: logger)
            }
            try await store.writeRebuiltRows(connection)
            for (table, columns) in Self.readModelColumns {
                let rebuilt = try await rows(of: "pg_temp.\(table)", columns: columns, connection)
                if let mismatch = Self.firstDifference(table: table, columns: columns, stored: stored[table] ?? [], rebuilt: rebuilt) {
                    mismatches.append(mismatch)
                }
            }
            return false
        }
        return mismatches
    }

    /// The read models' tables and their columns but `device`, in the order a mismatch is reported.
    private static let readModelColumns: [(String, [String])] = [
        ("sessions", ["session", "version", "status", "stack", "started_at", "last_event_at", "ended_at", "first_position", "last_position"]),
        ("presentations", [
            "session", "presentation", "route_name", "route_group", "route_params", "guard", "required_fields", "baseline",
            "draft_values", "dirty", "changed_fields", "status", "stack_index", "pending_source", "pending_offers_save",
            "restored_from_session", "restored_from_presentation", "opened_at", "closed_at", "last_edit_at",
            "last_save_failure_at", "opened_position", "last_position",
        ]),
        ("dismissals", [
            "position", "session", "presentation", "route_name", "route_group", "source", "outcome", "dirty", "changed_fields",
            "confirmation", "offers_save", "occurred_at", "resolution", "resolved_at", "resolved_position",
        ]),
    ]

    /// The device's rows of `table` as text, ordered by every column.
    private func rows(
        of table: String, columns: [String], _ connection: PostgresConnection
    ) async throws -> [[String?]] {
        let order = (1...columns.count).map(String.init).joined(separator: ", ")
        var bindings = PostgresBindings()
        bindings.append(device)
        let sql = "SELECT \(columns.map { "\($0)::text" }.joined(separator: ", ")) FROM \(table) WHERE device = $1 ORDER BY \(order)"
        var rows: [[String?]] = []
        for try await row in try await connection.query(PostgresQuery(unsafeSQL: sql, binds: bindings), logger: store.logger) {
            let cells = row.makeRandomAccess()
            rows.append(try (0..<cells.count).map { try cells[$0].decode(String?.self) })
        }
        return rows
    }

    /// The first row of `stored` that differs from `rebuilt`, with the columns that differ (none when
    /// one side has fewer rows); names only, never values.
    private static func firstDifference(table: String, columns: [String], stored: [[String?]], rebuilt: [[String?]]) -> ProjectionMismatch? {
        for index in 0..<max(stored.count, rebuilt.count) {
            guard index < stored.count, index < rebuilt.count else {
                return ProjectionMismatch(projection: "sheets", table: table, row: index + 1, columns: [],
                                          storedRowCount: stored.count, rebuiltRowCount: rebuilt.count)
            }
            let differing = columns.indices.filter { stored[index][$0] != rebuilt[index][$0] }
            if !differing.isEmpty {
                return ProjectionMismatch(projection: "sheets", table: table, row: index + 1, columns: differing.map { columns[$0] },
                                          storedRowCount: stored.count, rebuiltRowCount: rebuilt.count)
            }
        }
        return nil
    }

    /// Drops the device's read-model rows and writes them again from its events, in one transaction
    /// under the device's lock (``PostgresEventStore/rebuildSheetProjections()``).
    package func rebuildProjections() async throws {
        try await store.rebuildSheetProjections()
        newEpoch()
    }
}
