import GRDB
import SheetLogDomain
import SheetLogStorage

extension SQLiteBackend {
    /// The rows of `dismissals` matching `query` and `selection`, in log order.
    package func dismissals(matching query: AuditQuery, _ selection: DismissalSelection) async throws -> [DismissalRecord] {
        var conditions: [String] = Self.condition(of: selection).map { [$0] } ?? []
        var arguments: [AuditArgument] = []
        func filter(_ condition: String, _ value: AuditArgument?) {
            guard let value else { return }
            conditions.append(condition)
            arguments.append(value)
        }
        filter("session = ?", query.session.map(AuditArgument.text))
        filter("route_name = ?", query.route.map(AuditArgument.text))
        filter("route_group = ?", query.group.map(AuditArgument.text))
        filter("source = ?", query.source.map { .text($0.rawValue) })
        filter("outcome = ?", query.outcome.map { .text($0.rawValue) })
        filter("resolution = ?", query.resolution.map { .text($0.rawValue) })
        filter("occurred_at >= ?", query.since.map { .integer(EpochMilliseconds.ceiling($0)) })
        filter("occurred_at < ?", query.until.map { .integer(EpochMilliseconds.ceiling($0)) })
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
            arguments.append(.integer(Int64(limit)))
        }
        return try await readModels("audit", oneStatement: true) { [sql, arguments] db in
            // Stepped with SQLite's C API and read by column index: GRDB's cursor and `Row` (the
            // column names mapped, each value boxed) were a fifth of the query's time.
            var records: [DismissalRecord] = []
            var texts = DismissalTexts()
            try db.cachedStatement(sql: sql).forEachRow(binding: { binder in
                for argument in arguments {
                    switch argument {
                    case .text(let text): binder.bind(text)
                    case .integer(let integer): binder.bind(integer)
                    }
                }
            }) { row in
                records.append(try Self.dismissal(row, texts: &texts))
            }
            records.sort { $0.position < $1.position }
            return records
        }
    }

    /// A value the audit's WHERE clause compares a column with.
    private enum AuditArgument: Sendable {
        case text(String)
        case integer(Int64)
    }

    /// The WHERE condition of `selection`, nil when it adds none.
    private static func condition(of selection: DismissalSelection) -> String? {
        switch selection {
        case .all: return nil
        case .discardedUnsavedData: return "dirty = 1 AND resolution = 'discarded'"
        case .forcedOffScreen: return "dirty = 1 AND outcome IN ('forced', 'dismissed')"
        }
    }

    /// The text columns of the rows of an audit, each reusing its previous row's `String`.
    private struct DismissalTexts {
        var session = RepeatedText()
        var presentation = RepeatedText()
        var route = RepeatedText()
        var group = RepeatedText()
        var changedFields = RecentFieldLists()
    }


    /// Reads a row of the SELECT above by column index. The enum and JSON columns are matched and
    /// parsed from SQLite's bytes, without a `String` each; the ids and names reuse the previous
    /// row's strings when they are the same (``RepeatedText``), the changed fields a recent row's
    /// list (``RecentFieldLists``).
    private static func dismissal(_ row: DirectRow, texts: inout DismissalTexts) throws -> DismissalRecord {
        let position = row.int64(0)
        func text(_ column: Int32, _ repeated: inout RepeatedText) throws -> String {
            guard let text = row.withTextBytes(column, { $0.map { repeated.string($0) } }) else {
                throw SheetLogError(
                    .undecodableEvent, "dismissal at position \(position) has no text in column \(column)",
                    context: .init(position: position, operation: "audit"))
            }
            return text
        }
        let source = row.withTextBytes(5) { $0.flatMap(DismissSource.matching) }
        let outcome = row.withTextBytes(6) { $0.flatMap(DismissOutcome.matching) }
        guard let source, let outcome else {
            throw SheetLogError(
                .undecodableEvent, "dismissal at position \(position) has an unknown source or outcome",
                context: .init(position: position, operation: "audit"))
        }
        let resolution = row.withTextBytes(11) { $0.flatMap(DismissalRecord.Resolution.matching) }
        let names = try row.withTextBytes(8) { bytes in
            guard let bytes else {
                throw SheetLogError(
                    .undecodableEvent, "column changed_fields of table dismissals is NULL for position \(position)",
                    context: .init(position: position, operation: "read dismissals"))
            }
            return try texts.changedFields.list(bytes) { bytes in
                try FieldNameList.parseUnescaped(bytes) ?? changedFields(String(decoding: bytes, as: UTF8.self), position: position)
            }
        }
        return DismissalRecord(
            position: position, session: try text(1, &texts.session), presentation: try text(2, &texts.presentation),
            route: try text(3, &texts.route), group: try text(4, &texts.group), source: source, outcome: outcome,
            dirty: row.bool(7), changedFields: names, confirmation: row.bool(9), offersSave: row.bool(10),
            resolution: resolution, occurredAt: row.optionalInt64(12), resolvedAt: row.optionalInt64(13))
    }

    /// The `changed_fields` column read by the JSON parser (names with escapes, or malformed text).
    static func changedFields(_ text: String, position: Int64) throws -> [String] {
        return try decodeColumn([String].self, text, table: "dismissals", column: "changed_fields", row: "position \(position)")
    }
}
