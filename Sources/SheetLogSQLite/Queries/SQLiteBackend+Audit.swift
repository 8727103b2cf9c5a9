import GRDB
import SheetLogDomain
import SheetLogStorage

extension SQLiteBackend {
    /// The rows of `dismissals` matching `query` and `selection`, in log order.
    package func dismissals(matching query: AuditQuery, _ selection: DismissalSelection) async throws -> [DismissalRecord] {
        var conditions: [String] = Self.condition(of: selection).map { [$0] } ?? []
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
        filter("occurred_at >= ?", query.since.map(EpochMilliseconds.ceiling))
        filter("occurred_at < ?", query.until.map(EpochMilliseconds.ceiling))
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
        return try await readModels("audit", oneStatement: true) { [sql, arguments] db in
            // One cursor: its row reads each value straight from the statement, where fetchAll
            // would copy every row first.
            let statement = try db.cachedStatement(sql: sql)
            let rows = try Row.fetchCursor(statement, arguments: arguments)
            var records: [DismissalRecord] = []
            var texts = DismissalTexts()
            while let row = try rows.next() { records.append(try Self.dismissal(row, of: statement, texts: &texts)) }
            records.sort { $0.position < $1.position }
            return records
        }
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

    /// Reads a row of the SELECT above by column index: by name, GRDB lowercases and searches the
    /// column names for every value (40% of an audit query's time). The enum and JSON columns are
    /// matched and parsed from SQLite's bytes, without a `String` each; the ids and names reuse the
    /// previous row's strings when they are the same (``RepeatedText``), the changed fields a recent
    /// row's list (``RecentFieldLists``).
    private static func dismissal(_ row: Row, of statement: Statement, texts: inout DismissalTexts) throws -> DismissalRecord {
        let position: Int64 = row[0]
        func text(_ column: Int, _ repeated: inout RepeatedText) throws -> String {
            guard let text = statement.withTextBytes(atColumn: column, { $0.map { repeated.string($0) } }) else {
                throw SheetLogError(
                    .undecodableEvent, "dismissal at position \(position) has no text in column \(column)",
                    context: .init(position: position, operation: "audit"))
            }
            return text
        }
        let source = statement.withTextBytes(atColumn: 5) { $0.flatMap(DismissSource.matching) }
        let outcome = statement.withTextBytes(atColumn: 6) { $0.flatMap(DismissOutcome.matching) }
        guard let source, let outcome else {
            throw SheetLogError(
                .undecodableEvent, "dismissal at position \(position) has an unknown source or outcome",
                context: .init(position: position, operation: "audit"))
        }
        let resolution = statement.withTextBytes(atColumn: 11) { $0.flatMap(DismissalRecord.Resolution.matching) }
        let names = try statement.withTextBytes(atColumn: 8) { bytes in
            guard let bytes else { return try changedFields(row[8], position: position) }
            return try texts.changedFields.list(bytes) { bytes in
                try FieldNameList.parseUnescaped(bytes) ?? changedFields(row[8], position: position)
            }
        }
        return DismissalRecord(
            position: position, session: try text(1, &texts.session), presentation: try text(2, &texts.presentation),
            route: try text(3, &texts.route), group: try text(4, &texts.group), source: source, outcome: outcome, dirty: row[7],
            changedFields: names, confirmation: row[9], offersSave: row[10],
            resolution: resolution, occurredAt: row[12], resolvedAt: row[13])
    }

    /// The `changed_fields` column read by the JSON parser (names with escapes, or malformed text).
    static func changedFields(_ text: String, position: Int64) throws -> [String] {
        return try decodeColumn([String].self, text, table: "dismissals", column: "changed_fields", row: "position \(position)")
    }
}
