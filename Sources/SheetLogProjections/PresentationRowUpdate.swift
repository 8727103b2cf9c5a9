import SheetLogDomain

/// A narrow update of one `presentations` row: the columns whose values an append changed, and
/// those values (the others are left as they are, unset here).
///
/// Only the changed columns are written because a database re-checks the constraints and rewrites
/// the index entries of every column it sets, even to the same value: setting `dirty` and `status`
/// on every edit rewrote SQLite's `presentations_recoverable` entry each time. The row ends up
/// exactly as ``PresentationRow`` has it, which is what rebuild writes.
package struct PresentationRowUpdate: Sendable {
    package var session: String
    package var presentation: String
    /// The columns to set; never empty.
    package var columns: PresentationColumns
    package var dirty: Bool
    /// JSON array; set only with ``PresentationColumns/changedFields``.
    package var changedFields: String?
    package var status: String
    package var stackIndex: Int?
    package var pendingSource: String?
    package var pendingOffersSave: Bool?
    package var closedAt: Int64?
    package var lastEditAt: Int64?
    package var lastSaveFailureAt: Int64?
    package var lastPosition: Int64
    /// JSON objects; set only with ``PresentationColumns/baseline`` and ``PresentationColumns/draftValues``.
    package var baseline: String?
    package var draftValues: String?
}
