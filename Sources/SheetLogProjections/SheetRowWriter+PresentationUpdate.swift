import GRDB
import SheetLogCore
import SheetLogDomain

extension SheetRowWriter {
    /// The columns a presentation's later events can change, in the order of
    /// ``changingPresentationColumns``, then `baseline` and `draft_values`: bit `n` of a mask is
    /// column `n` here.
    private static let updatableColumns = changingPresentationColumns + ["baseline", "draft_values"]

    /// `UPDATE presentations SET` exactly the columns of `mask`, cached by mask (an edit usually
    /// changes three or four of the twelve).
    private static let updateSQLs = UpdateSQLCache()

    /// The row of presentation `id`, written as an UPDATE of the columns whose values differ from
    /// `prior` (the session as its rows stood before this append) when the row exists and its fixed
    /// columns are the same; the whole row otherwise.
    ///
    /// Only the changed columns are SET because SQLite re-checks the CHECKs and rewrites the
    /// entries of the indexes that involve a SET column even when its value is the same: setting
    /// `dirty` and `status` on every edit rewrote the `presentations_recoverable` entry each time.
    /// Either way the row ends up exactly as ``writePresentation(_:of:)`` writes it, which is what
    /// rebuild writes.
    func writePresentation(_ id: String, of session: ProjectedSession, writtenAs prior: ProjectedSession?) throws {
        guard let presentation = session.state.presentations[id], let positions = session.positions[id],
              let prior, let before = prior.state.presentations[id], let positionsBefore = prior.positions[id],
              positionsBefore.opened == positions.opened, before.route == presentation.route,
              before.dismissGuard == presentation.dismissGuard, before.required == presentation.required,
              before.restoredFrom == presentation.restoredFrom, before.openedAt == presentation.openedAt
        else {
            return try writePresentation(id, of: session)
        }
        let changed = presentation.changedFields
        let changedBefore = before.changedFields
        let pending = presentation.pendingConfirmation
        let pendingBefore = before.pendingConfirmation
        let stackIndex = session.state.stackIDs.firstIndex(of: id)
        var mask: UInt16 = 0
        func mark(_ bit: Int, _ isDifferent: Bool) { if isDifferent { mask |= 1 << bit } }
        mark(0, changed.isEmpty != changedBefore.isEmpty)
        mark(1, changed != changedBefore)
        mark(2, presentation.status != before.status)
        mark(3, stackIndex != prior.state.stackIDs.firstIndex(of: id))
        mark(4, pending?.source != pendingBefore?.source)
        mark(5, pending?.offersSave != pendingBefore?.offersSave)
        mark(6, presentation.closedAt != before.closedAt)
        mark(7, presentation.lastEditAt != before.lastEditAt)
        mark(8, presentation.lastSaveFailureAt != before.lastSaveFailureAt)
        mark(9, positions.last != positionsBefore.last)
        // Dictionary equality is immediate when the fold left the storage untouched.
        mark(10, presentation.baseline != before.baseline)
        mark(11, presentation.values != before.values)
        if mask == 0 { return }
        try db.cachedStatement(sql: Self.updateSQLs.sql(for: mask, columns: Self.updatableColumns)).execute { row in
            func has(_ bit: Int) -> Bool { mask & (1 << bit) != 0 }
            if has(0) { row.bind(!changed.isEmpty) }
            if has(1) { row.bind(ProjectionJSON.array(changed)) }
            if has(2) { row.bind(presentation.status.rawValue) }
            if has(3) { row.bind(stackIndex) }
            if has(4) { row.bind(pending?.source.rawValue) }
            if has(5) { row.bind(pending?.offersSave) }
            if has(6) { row.bind(presentation.closedAt) }
            if has(7) { row.bind(presentation.lastEditAt) }
            if has(8) { row.bind(presentation.lastSaveFailureAt) }
            if has(9) { row.bind(positions.last) }
            if has(10) { row.bind(ProjectionJSON.object(presentation.baseline)) }
            if has(11) { row.bind(ProjectionJSON.object(presentation.values)) }
            row.bind(session.session)
            row.bind(id)
        }
        // A row removed behind SheetLog's back (the tables are derived data) is written whole again.
        if db.changesCount == 0 { try writePresentation(id, of: session) }
    }
}

/// The SQL of each column mask, made once (at most 4,096 texts; a workload uses a few dozen).
private final class UpdateSQLCache: @unchecked Sendable {  // every access to `texts` holds `lock`
    private let lock = Lock()
    private var texts: [UInt16: String] = [:]

    func sql(for mask: UInt16, columns: [String]) -> String {
        lock.withLock {
            if let known = texts[mask] { return known }
            let set = columns.indices.filter { mask & (1 << $0) != 0 }.map { "\(columns[$0]) = ?" }
            let text = "UPDATE presentations SET \(set.joined(separator: ", ")) WHERE session = ? AND presentation = ?"
            texts[mask] = text
            return text
        }
    }
}
