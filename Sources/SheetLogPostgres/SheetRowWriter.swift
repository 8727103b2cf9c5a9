import PostgresNIO
import SheetLogProjections

/// The statements that write a ``ProjectionChange`` into the fleet's `dismissals`, `presentations`
/// and `sessions` for one device: the SQL of the rows `SheetLogProjections` decided, nothing else.
/// They are built apart from their running (``SheetRows``), and run in the writer's transaction under
/// the device's lock (see ``PostgresEventStore/storeChained(_:from:_:)``).
///
/// A presentation or session the change narrows to an update is written whole (an upsert of the
/// row the fold holds): the same row as the device's narrow UPDATE produces, in fewer statement shapes.
/// Rows go as multi-row statements (``MultiRowStatement``): an import batch of 5,000 events writes
/// about 3,000 rows, which were as many round trips.
struct SheetRowWriter {
    let device: String

    func statements(for change: ProjectionChange) -> [PostgresQuery] {
        // A dismissal inserted by this change takes its resolution in the same INSERT; only older
        // dismissals are updated.
        var inserted: [DismissalRow] = []
        var insertedIndex: [Int64: Int] = [:]
        var resolutions: [Int64: DismissalResolution] = [:]
        var resolutionOrder: [Int64] = []
        for write in change.dismissals {
            switch write {
            case let .insert(row):
                insertedIndex[row.position] = inserted.count
                inserted.append(row)
            case let .resolve(resolution):
                if let index = insertedIndex[resolution.dismissalPosition] {
                    inserted[index].resolution = resolution
                } else {
                    if resolutions.updateValue(resolution, forKey: resolution.dismissalPosition) == nil {
                        resolutionOrder.append(resolution.dismissalPosition)
                    }
                }
            }
        }
        var statements = insert(inserted)
        statements += resolve(resolutionOrder.compactMap { resolutions[$0] })

        var presentations: [PresentationRow] = []
        var sessions: [SessionRow] = []
        for session in change.sessions {
            for presentation in session.presentations {
                let id: String = switch presentation {
                case let .whole(row): row.presentation
                case let .update(update): update.presentation
                }
                if let row = session.presentationRow(id) { presentations.append(row) }
            }
            switch session.row {
            case .whole, .update:
                if let row = session.sessionRow { sessions.append(row) }
            case .none:
                break
            }
        }
        statements += upsert(Self.lastOfEach(presentations) { [$0.session, $0.presentation] })
        statements += upsert(Self.lastOfEach(sessions) { [$0.session] })
        return statements
    }

    /// One row per key, the last written: an upsert statement may not touch a row twice.
    private static func lastOfEach<Row>(_ rows: [Row], key: (Row) -> [String]) -> [Row] {
        var index: [[String]: Int] = [:]
        var unique: [Row] = []
        for row in rows {
            if let at = index[key(row)] {
                unique[at] = row
            } else {
                index[key(row)] = unique.count
                unique.append(row)
            }
        }
        return unique
    }

    func insert(_ rows: [DismissalRow]) -> [PostgresQuery] {
        let statement = MultiRowStatement(columns: 16) { values in
            """
            INSERT INTO dismissals (device, position, session, presentation, route_name, route_group, source, outcome,
                                    dirty, changed_fields, confirmation, offers_save, occurred_at, resolution, resolved_at,
                                    resolved_position)
            VALUES \(values)
            """
        }
        return statement.queries(rows) { row, binds in
            binds.append(device)
            binds.append(row.position)
            binds.append(row.session)
            binds.append(row.presentation)
            binds.append(row.routeName)
            binds.append(row.routeGroup)
            binds.append(row.source.rawValue)
            binds.append(row.outcome.rawValue)
            binds.append(row.dirty)
            binds.append(row.changedFields)
            binds.append(row.confirmation)
            binds.append(row.offersSave)
            binds.append(row.occurredAt)
            binds.append(row.resolution?.kind.rawValue)
            binds.append(row.resolution?.resolvedAt)
            binds.append(row.resolution?.resolvedPosition)
        }
    }

    private func resolve(_ resolutions: [DismissalResolution]) -> [PostgresQuery] {
        let statement = MultiRowStatement(columns: 5) { values in
            """
            UPDATE dismissals SET resolution = v.resolution, resolved_at = v.resolved_at, resolved_position = v.resolved_position
            FROM (VALUES \(values)) AS v(device, position, resolution, resolved_at, resolved_position)
            WHERE dismissals.device = v.device AND dismissals.position = v.position
            """
        }
        return statement.queries(resolutions) { resolution, binds in
            binds.append(device)
            binds.append(resolution.dismissalPosition)
            binds.append(resolution.kind.rawValue)
            binds.append(resolution.resolvedAt)
            binds.append(resolution.resolvedPosition)
        }
    }

    func upsert(_ rows: [PresentationRow]) -> [PostgresQuery] {
        let statement = MultiRowStatement(columns: 24) { values in
            """
            INSERT INTO presentations (device, session, presentation, route_name, route_group, route_params, guard,
                required_fields, baseline, draft_values, dirty, changed_fields, status, stack_index, pending_source,
                pending_offers_save, restored_from_session, restored_from_presentation, opened_at, closed_at, last_edit_at,
                last_save_failure_at, opened_position, last_position)
            VALUES \(values)
            ON CONFLICT (device, session, presentation) DO UPDATE SET
                route_name = excluded.route_name, route_group = excluded.route_group, route_params = excluded.route_params,
                guard = excluded.guard, required_fields = excluded.required_fields, baseline = excluded.baseline,
                draft_values = excluded.draft_values, dirty = excluded.dirty, changed_fields = excluded.changed_fields,
                status = excluded.status, stack_index = excluded.stack_index, pending_source = excluded.pending_source,
                pending_offers_save = excluded.pending_offers_save, restored_from_session = excluded.restored_from_session,
                restored_from_presentation = excluded.restored_from_presentation, opened_at = excluded.opened_at,
                closed_at = excluded.closed_at, last_edit_at = excluded.last_edit_at,
                last_save_failure_at = excluded.last_save_failure_at, opened_position = excluded.opened_position,
                last_position = excluded.last_position
            """
        }
        return statement.queries(rows) { row, binds in
            binds.append(device)
            binds.append(row.session)
            binds.append(row.presentation)
            binds.append(row.routeName)
            binds.append(row.routeGroup)
            binds.append(row.routeParams)
            binds.append(row.dismissGuard)
            binds.append(row.requiredFields)
            binds.append(row.baseline)
            binds.append(row.draftValues)
            binds.append(row.dirty)
            binds.append(row.changedFields)
            binds.append(row.status)
            binds.append(row.stackIndex.map(Int64.init))
            binds.append(row.pendingSource)
            binds.append(row.pendingOffersSave)
            binds.append(row.restoredFromSession)
            binds.append(row.restoredFromPresentation)
            binds.append(row.openedAt)
            binds.append(row.closedAt)
            binds.append(row.lastEditAt)
            binds.append(row.lastSaveFailureAt)
            binds.append(row.openedPosition)
            binds.append(row.lastPosition)
        }
    }

    func upsert(_ rows: [SessionRow]) -> [PostgresQuery] {
        let statement = MultiRowStatement(columns: 10) { values in
            """
            INSERT INTO sessions (device, session, version, status, stack, started_at, last_event_at, ended_at,
                                  first_position, last_position)
            VALUES \(values)
            ON CONFLICT (device, session) DO UPDATE SET
                version = excluded.version, status = excluded.status, stack = excluded.stack, started_at = excluded.started_at,
                last_event_at = excluded.last_event_at, ended_at = excluded.ended_at, first_position = excluded.first_position,
                last_position = excluded.last_position
            """
        }
        return statement.queries(rows) { row, binds in
            binds.append(device)
            binds.append(row.session)
            binds.append(row.version)
            binds.append(row.status)
            binds.append(row.stack)
            binds.append(row.startedAt)
            binds.append(row.lastEventAt)
            binds.append(row.endedAt)
            binds.append(row.firstPosition)
            binds.append(row.lastPosition)
        }
    }
}
