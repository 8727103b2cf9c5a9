import SheetLogStorage

extension SQLiteBackend {
    /// ``SQLiteEventStore``'s deciding append: `BEGIN IMMEDIATE`, the decision on the calling
    /// thread, the inserts with their projections, COMMIT.
    package func append<Plan>(
        deciding decide: (any AppendTransaction) throws -> DecidedAppend<Plan>
    ) async throws -> DecidedAppendOutcome<Plan> {
        try store.append(deciding: { transaction in try decide(transaction) })
    }
}
