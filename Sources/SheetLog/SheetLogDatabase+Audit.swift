import GRDB

extension SheetLogDatabase {
    /// The dismissals matching `query`, in log order (the `dismissals` table).
    public func audit(_ query: AuditQuery = AuditQuery()) async throws -> [DismissalRecord] {
        try await dismissals(query, extraCondition: nil)
    }

    /// Dismissals whose unsaved changes were thrown away after the user confirmed Discard Changes.
    public func dismissalsThatDiscardedUnsavedData(_ query: AuditQuery = AuditQuery()) async throws -> [DismissalRecord] {
        try await dismissals(query, extraCondition: "dirty = 1 AND resolution = 'discarded'")
    }

    /// Dirty drafts that left the screen without Save or a confirmed discard: `forced` by code, or
    /// `dismissed` under a `never` guard. Their drafts stay recoverable as abandoned.
    public func draftsForcedOffScreen(_ query: AuditQuery = AuditQuery()) async throws -> [DismissalRecord] {
        try await dismissals(query, extraCondition: "dirty = 1 AND outcome IN ('forced', 'dismissed')")
    }

    private func dismissals(_ query: AuditQuery, extraCondition: String?) async throws -> [DismissalRecord] {
        if let limit = query.limit, limit < 0 {
            throw SheetLogError(.invalidInput, "audit limit \(limit) is negative", context: .init(operation: "audit", limit: limit))
        }
        var conditions: [String] = extraCondition.map { [$0] } ?? []
        var arguments = StatementArguments()
        func filter(_ condition: String, _ value: (any DatabaseValueConvertible)?) {
            guard let value else { return }
            conditions.append(condition)
            arguments += [value]
        }
        filter("session = ?", query.session)
        filter("route_name = ?", query.route)
        filter("route_group = ?", query.group)
        filter("source = ?", query.source?.rawValue)
        filter("outcome = ?", query.outcome?.rawValue)
        filter("resolution = ?", query.resolution?.rawValue)
        filter("occurred_at >= ?", query.since)
        filter("occurred_at < ?", query.until)
        var sql = """
            SELECT position, session, presentation, route_name, route_group, source, outcome, dirty, changed_fields,
                   confirmation, offers_save, resolution, occurred_at, resolved_at
            FROM dismissals
            """
        if !conditions.isEmpty { sql += " WHERE " + conditions.joined(separator: " AND ") }
        // Without a limit, the rows are put in log order here: ORDER BY position made SQLite copy
        // every row into a temporary b-tree to sort it, since the filter's index is in time order.
        if let limit = query.limit {
            sql += " ORDER BY position LIMIT ?"
            arguments += [limit]
        }
        return try await readModels("audit") { [sql, arguments] db in
            // One cursor: its row reads each value straight from the statement, where fetchAll
            // would copy every row first.
            let rows = try Row.fetchCursor(db.cachedStatement(sql: sql), arguments: arguments)
            var records: [DismissalRecord] = []
            while let row = try rows.next() { records.append(try Self.dismissal(row)) }
            records.sort { $0.position < $1.position }
            return records
        }
    }

    /// Reads a row of the SELECT above by column index: by name, GRDB lowercases and searches the
    /// column names for every value (40% of an audit query's time).
    private static func dismissal(_ row: Row) throws -> DismissalRecord {
        let position: Int64 = row[0]
        let source: String = row[5]
        let outcome: String = row[6]
        let resolution: String? = row[11]
        guard let dismissSource = DismissSource(rawValue: source), let dismissOutcome = DismissOutcome(rawValue: outcome) else {
            throw SheetLogError(
                .undecodableEvent, "dismissal at position \(position) has an unknown source or outcome",
                context: .init(position: position, operation: "audit"))
        }
        return DismissalRecord(
            position: position, session: row[1], presentation: row[2], route: row[3],
            group: row[4], source: dismissSource, outcome: dismissOutcome, dirty: row[7],
            changedFields: try changedFields(row[8], position: position),
            confirmation: row[9], offersSave: row[10],
            resolution: resolution.flatMap(DismissalRecord.Resolution.init(rawValue:)),
            occurredAt: row[12], resolvedAt: row[13])
    }

    /// The `changed_fields` column: a JSON array of names as the projection writes it, read by a
    /// fast path when no name needs escaping, by the JSON parser otherwise.
    static func changedFields(_ text: String, position: Int64) throws -> [String] {
        if let names = FieldNameList.parseUnescaped(text) { return names }
        return try decodeColumn([String].self, text, table: "dismissals", column: "changed_fields", row: "position \(position)")
    }
}
