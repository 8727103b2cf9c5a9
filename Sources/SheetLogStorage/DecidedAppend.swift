import SheetLogDomain
import SheetLogProjections

/// What a decision made in an ``AppendTransaction`` appends: event batches, receipts of commands
/// that appended nothing, and the caller's own plan, handed back once the transaction ended.
package struct DecidedAppend<Plan> {
    package var batches: [StreamBatch]
    package var receipts: [CommandReceipt]
    package var plan: Plan
    /// True when the caller already checked the batches against the backend's ``InputLimits``
    /// (before taking the write lock); the backend checks them otherwise.
    package var validated: Bool
    /// True when every payload and metadata text was written by the package's own JSON writer and
    /// found strictly valid as written: the backend checks everything else, but does not read that
    /// JSON again. Never true for JSON a caller supplied.
    package var jsonWrittenStrictlyValid: Bool
    /// True when the decision looked up every id it appends (as the facade's planner does, one index
    /// probe per command): the backend inserts at once. Otherwise the backend looks each event id up
    /// first: an append stored before is answered with its originals, other content under a stored
    /// id is ``SheetLogError/Code/idempotencyConflict``.
    package var idsLookedUp: Bool
    /// The read-model rows of `batches`, decided with them from the sessions as stored (the
    /// decision folded each event once, at the position it takes: the transaction's
    /// ``AppendTransaction/mark`` plus one per event, in batch order). The backend writes them as
    /// they are, decoding and opening nothing it was handed; nil when the backend is to fold the
    /// events itself (an append of events given as bytes).
    package var rows: ProjectionChange?

    package init(
        batches: [StreamBatch], receipts: [CommandReceipt] = [], plan: Plan, validated: Bool = false,
        jsonWrittenStrictlyValid: Bool = false, idsLookedUp: Bool = false, rows: ProjectionChange? = nil
    ) {
        self.batches = batches
        self.receipts = receipts
        self.plan = plan
        self.validated = validated
        self.jsonWrittenStrictlyValid = jsonWrittenStrictlyValid
        self.idsLookedUp = idsLookedUp
        self.rows = rows
    }
}
