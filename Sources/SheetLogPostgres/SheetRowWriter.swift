import Logging
import PostgresNIO
import SheetLogProjections

/// Writes a ``ProjectionChange`` into the fleet's `dismissals`, `presentations` and `sessions`
/// for one device: the SQL of the rows `SheetLogProjections` decided, nothing else.
///
/// A presentation or session the change narrows to an update is written whole (an upsert of the
/// row the fold holds): the same row as the device's narrow UPDATE produces, in fewer statement shapes.
struct SheetRowWriter {
    let device: String
    let connection: PostgresConnection
    let logger: Logger

    func write(_ change: ProjectionChange) async throws {
        for write in change.dismissals {
            switch write {
            case let .insert(row): try await insert(row)
            case let .resolve(resolution): try await resolve(resolution)
            }
        }
        for session in change.sessions {
            for presentation in session.presentations {
                let id: String = switch presentation {
                case let .whole(row): row.presentation
                case let .update(update): update.presentation
                }
                if let row = session.presentationRow(id) { try await upsert(row) }
            }
            switch session.row {
            case .whole, .update:
                if let row = session.sessionRow { try await upsert(row) }
            case .none:
                break
            }
        }
    }

    func insert(_ row: DismissalRow) async throws {
        try await connection.query("""
            INSERT INTO dismissals (device, position, session, presentation, route_name, route_group, source, outcome,
                                    dirty, changed_fields, confirmation, offers_save, occurred_at, resolution, resolved_at,
                                    resolved_position)
            VALUES (\(device), \(row.position), \(row.session), \(row.presentation), \(row.routeName), \(row.routeGroup),
                    \(row.source.rawValue), \(row.outcome.rawValue), \(row.dirty), \(row.changedFields), \(row.confirmation),
                    \(row.offersSave), \(row.occurredAt), \(row.resolution?.kind.rawValue), \(row.resolution?.resolvedAt),
                    \(row.resolution?.resolvedPosition))
            """, logger: logger)
    }

    private func resolve(_ resolution: DismissalResolution) async throws {
        try await connection.query("""
            UPDATE dismissals SET resolution = \(resolution.kind.rawValue), resolved_at = \(resolution.resolvedAt),
                                  resolved_position = \(resolution.resolvedPosition)
            WHERE device = \(device) AND position = \(resolution.dismissalPosition)
            """, logger: logger)
    }

    func upsert(_ row: PresentationRow) async throws {
        try await connection.query("""
            INSERT INTO presentations (device, session, presentation, route_name, route_group, route_params, guard,
                required_fields, baseline, draft_values, dirty, changed_fields, status, stack_index, pending_source,
                pending_offers_save, restored_from_session, restored_from_presentation, opened_at, closed_at, last_edit_at,
                last_save_failure_at, opened_position, last_position)
            VALUES (\(device), \(row.session), \(row.presentation), \(row.routeName), \(row.routeGroup), \(row.routeParams),
                \(row.dismissGuard), \(row.requiredFields), \(row.baseline), \(row.draftValues), \(row.dirty), \(row.changedFields),
                \(row.status), \(row.stackIndex.map(Int64.init)), \(row.pendingSource), \(row.pendingOffersSave),
                \(row.restoredFromSession), \(row.restoredFromPresentation), \(row.openedAt), \(row.closedAt), \(row.lastEditAt),
                \(row.lastSaveFailureAt), \(row.openedPosition), \(row.lastPosition))
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
            """, logger: logger)
    }

    func upsert(_ row: SessionRow) async throws {
        try await connection.query("""
            INSERT INTO sessions (device, session, version, status, stack, started_at, last_event_at, ended_at,
                                  first_position, last_position)
            VALUES (\(device), \(row.session), \(row.version), \(row.status), \(row.stack), \(row.startedAt), \(row.lastEventAt),
                    \(row.endedAt), \(row.firstPosition), \(row.lastPosition))
            ON CONFLICT (device, session) DO UPDATE SET
                version = excluded.version, status = excluded.status, stack = excluded.stack, started_at = excluded.started_at,
                last_event_at = excluded.last_event_at, ended_at = excluded.ended_at, first_position = excluded.first_position,
                last_position = excluded.last_position
            """, logger: logger)
    }
}
