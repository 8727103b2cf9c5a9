import GRDB
import SheetLogDomain

extension SheetRowWriter {
    /// `UPDATE presentations SET` the changing columns, with `baseline` and `draft_values` only when
    /// asked: an edit re-encodes and re-checks (`json_valid`) the draft, not the baseline.
    private static func updateSQL(baseline: Bool, values: Bool) -> String {
        var columns = changingPresentationColumns
        if baseline { columns.append("baseline") }
        if values { columns.append("draft_values") }
        return "UPDATE presentations SET \(columns.map { "\($0) = ?" }.joined(separator: ", ")) WHERE session = ? AND presentation = ?"
    }

    private static let updateSQLs = [false, true].flatMap { baseline in
        [false, true].map { values in updateSQL(baseline: baseline, values: values) }
    }

    /// The row of presentation `id`, written as an UPDATE of what changed since `prior` (the session
    /// as its rows stood before this append) when the row exists and its fixed columns are the same;
    /// the whole row otherwise.
    ///
    /// Either way the row ends up exactly as ``writePresentation(_:of:)`` writes it, which is what
    /// rebuild writes.
    func writePresentation(_ id: String, of session: ProjectedSession, writtenAs prior: ProjectedSession?) throws {
        guard let presentation = session.state.presentations[id], let positions = session.positions[id],
              let before = prior?.state.presentations[id], let positionsBefore = prior?.positions[id],
              positionsBefore.opened == positions.opened, before.route == presentation.route,
              before.dismissGuard == presentation.dismissGuard, before.required == presentation.required,
              before.restoredFrom == presentation.restoredFrom, before.openedAt == presentation.openedAt
        else {
            return try writePresentation(id, of: session)
        }
        // Dictionary equality is immediate when the fold left the storage untouched.
        let baselineChanged = before.baseline != presentation.baseline
        let valuesChanged = before.values != presentation.values
        let sql = Self.updateSQLs[(baselineChanged ? 2 : 0) + (valuesChanged ? 1 : 0)]
        try db.cachedStatement(sql: sql).execute { row in
            bindChangingColumns(of: presentation, id, in: session, last: positions.last, to: &row)
            if baselineChanged { row.bind(ProjectionJSON.object(presentation.baseline)) }
            if valuesChanged { row.bind(ProjectionJSON.object(presentation.values)) }
            row.bind(session.session)
            row.bind(id)
        }
        // A row removed behind SheetLog's back (the tables are derived data) is written whole again.
        if db.changesCount == 0 { try writePresentation(id, of: session) }
    }
}
