import PostgresNIO
import SheetLogDomain
import SheetLogStorage

/// The audit's SQL over `dismissals`, for one device (``PostgresBackend``) or the whole fleet
/// (``PostgresFleetReader``): the filters of an ``AuditQuery`` and a ``DismissalSelection`` as bound
/// parameters, in log order (by device, in byte order, then position).
enum DismissalQuery {
    static func statement(device: String?, _ query: AuditQuery, _ selection: DismissalSelection) -> PostgresQuery {
        var bindings = PostgresBindings()
        var conditions: [String] = []
        func filter(_ column: String, _ comparison: String, _ value: (some PostgresNonThrowingEncodable)?) {
            guard let value else { return }
            bindings.append(value)
            conditions.append("\(column) \(comparison) $\(bindings.count)")
        }
        filter("device", "=", device)
        switch selection {
        case .all: break
        case .discardedUnsavedData: conditions.append("dirty AND resolution = 'discarded'")
        case .forcedOffScreen: conditions.append("dirty AND outcome IN ('forced', 'dismissed')")
        }
        filter("session", "=", query.session)
        filter("route_name", "=", query.route)
        filter("route_group", "=", query.group)
        filter("source", "=", query.source?.rawValue)
        filter("outcome", "=", query.outcome?.rawValue)
        filter("resolution", "=", query.resolution?.rawValue)
        filter("occurred_at", ">=", query.since.map(EpochMilliseconds.ceiling))
        filter("occurred_at", "<", query.until.map(EpochMilliseconds.ceiling))
        var sql = """
            SELECT device, position, session, presentation, route_name, route_group, source, outcome, dirty, changed_fields,
                   confirmation, offers_save, resolution, occurred_at, resolved_at
            FROM dismissals
            """
        if !conditions.isEmpty { sql += " WHERE " + conditions.joined(separator: " AND ") }
        sql += device == nil ? " ORDER BY device COLLATE \"C\", position" : " ORDER BY position"
        if let limit = query.limit {
            bindings.append(Int64(limit))
            sql += " LIMIT $\(bindings.count)"
        }
        return PostgresQuery(unsafeSQL: sql, binds: bindings)
    }

    /// The rows of ``statement(device:_:_:)``, each with its device.
    static func records(_ rows: PostgresRowSequence) async throws -> [(device: String, record: DismissalRecord)] {
        var records: [(device: String, record: DismissalRecord)] = []
        for try await row in rows {
            let cells = row.makeRandomAccess()
            let device = try cells[0].decode(String.self)
            let position = try cells[1].decode(Int64.self)
            func unknown(_ what: String) -> SheetLogError {
                SheetLogError(.undecodableEvent, "dismissal at position \(position) of device \(device) has an unknown \(what)",
                              context: .init(position: position, operation: "audit"))
            }
            guard let source = DismissSource(rawValue: try cells[6].decode(String.self)) else { throw unknown("source") }
            guard let outcome = DismissOutcome(rawValue: try cells[7].decode(String.self)) else { throw unknown("outcome") }
            let resolution = try cells[12].decode(String?.self).map { text in
                guard let resolution = DismissalRecord.Resolution(rawValue: text) else { throw unknown("resolution") }
                return resolution
            }
            let changed = try ProjectionColumn.strings(
                try cells[9].decode(String.self), table: "dismissals", column: "changed_fields", row: "position \(position) of device \(device)")
            records.append((device, DismissalRecord(
                position: position, session: try cells[2].decode(String.self), presentation: try cells[3].decode(String.self),
                route: try cells[4].decode(String.self), group: try cells[5].decode(String.self), source: source, outcome: outcome,
                dirty: try cells[8].decode(Bool.self), changedFields: changed, confirmation: try cells[10].decode(Bool.self),
                offersSave: try cells[11].decode(Bool.self), resolution: resolution, occurredAt: try cells[13].decode(Int64?.self),
                resolvedAt: try cells[14].decode(Int64?.self))))
        }
        return records
    }
}
