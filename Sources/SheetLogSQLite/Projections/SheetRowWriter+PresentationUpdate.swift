import GRDB
import SheetLogCore
import SheetLogProjections

extension SheetRowWriter {
    /// The columns of ``PresentationColumns``, in the order of its bits: bit `n` of a mask is column `n` here.
    private static let updatableColumns = changingPresentationColumns + ["baseline", "draft_values"]

    /// `UPDATE presentations SET` exactly the columns of `mask`, cached by mask (an edit usually
    /// changes three or four of the twelve).
    private static let updateSQLs = UpdateSQLCache()

    /// Sets the columns `update` names (SQLite re-checks the CHECKs and rewrites the index entries of
    /// every column it sets, even to the same value); the row ends up as ``PresentationRow`` has it.
    func updatePresentation(_ update: PresentationRowUpdate, of session: SessionChange) throws {
        let columns = update.columns
        try db.cachedStatement(sql: Self.updateSQLs.sql(for: columns.rawValue, columns: Self.updatableColumns)).execute { row in
            if columns.contains(.dirty) { row.bind(update.dirty) }
            if columns.contains(.changedFields) { row.bind(update.changedFields) }
            if columns.contains(.status) { row.bind(update.status) }
            if columns.contains(.stackIndex) { row.bind(update.stackIndex) }
            if columns.contains(.pendingSource) { row.bind(update.pendingSource) }
            if columns.contains(.pendingOffersSave) { row.bind(update.pendingOffersSave) }
            if columns.contains(.closedAt) { row.bind(update.closedAt) }
            if columns.contains(.lastEditAt) { row.bind(update.lastEditAt) }
            if columns.contains(.lastSaveFailureAt) { row.bind(update.lastSaveFailureAt) }
            if columns.contains(.lastPosition) { row.bind(update.lastPosition) }
            if columns.contains(.baseline) { row.bind(update.baseline) }
            if columns.contains(.draftValues) { row.bind(update.draftValues) }
            row.bind(update.session)
            row.bind(update.presentation)
        }
        // A row removed behind SheetLog's back (the tables are derived data) is written whole again.
        if db.changesCount == 0, let whole = session.presentationRow(update.presentation) { try writePresentation(whole) }
    }
}

/// The SQL of each column mask, made once (at most 4,096 texts; a workload uses a few dozen).
private final class UpdateSQLCache: Sendable {
    private let texts = LockedBox([UInt16: String]())

    func sql(for mask: UInt16, columns: [String]) -> String {
        texts.withLock { texts in
            if let known = texts[mask] { return known }
            let set = columns.indices.filter { mask & (1 << $0) != 0 }.map { "\(columns[$0]) = ?" }
            let text = "UPDATE presentations SET \(set.joined(separator: ", ")) WHERE session = ? AND presentation = ?"
            texts[mask] = text
            return text
        }
    }
}
