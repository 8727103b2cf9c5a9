import GRDB

extension SchemaMigration {
    /// What a shipped migration does that SQL cannot: run after its SQL, in its transaction, so that
    /// the migration and its step are applied together, once, whichever process gets there first.
    /// Nil for a migration that is SQL only (every one but 0007 and 0017), and for any migration a caller
    /// built itself.
    var swiftStep: (@Sendable (Database) throws -> Void)? {
        switch (number, name) {
        case (7, "projection_number_rule"): return ProjectionNumberRerender.apply
        case (17, "sealed_cells_from_events"): return SealedCellRerender.apply
        default: return nil
        }
    }

    /// Whether a reader that cannot write needs it applied before it reads the file: false for a
    /// migration after which every query answers as before (0007 only re-spells numbers; 0008 only
    /// narrows an index to the rows its view selects; 0009 adds the push cursors, which only a
    /// pusher, a writer, reads; 0010 adds the sealing tables, and a file without them is plain;
    /// 0011 rewrites receipts, which only a writer reads; 0012 narrows a view whose readers, `recover`
    /// and `stats`, leave out an erased subject's drafts themselves; 0013 adds the retention tables,
    /// and a file without them was never pruned; 0014 adds the erasure counts a prune freezes, and
    /// a file without them was never pruned by this build: its erasures read from the log; 0015 adds the
    /// carried states, and a file without them carried none; 0016 narrows the view as 0012 did, for
    /// carried sessions, which a file without 0015 has none of; 0017 rewrites sealed cells, and a cell
    /// written before it opens at its row's place), so that a read-only copy of an older
    /// file still opens.
    var readersNeedIt: Bool {
        switch (number, name) {
        case (7, "projection_number_rule"), (8, "recoverable_index_partial"), (9, "push_cursors"), (10, "sealing"),
             (11, "keyed_receipt_fingerprints"), (12, "recoverable_drafts_after_erasure"), (13, "retention"),
             (14, "erasure_counts"), (15, "base_sessions"),
             (16, "recoverable_drafts_after_prune"), (17, "sealed_cells_from_events"):
            return false
        default: return true
        }
    }
}
