/// A narrow update of one `sessions` row: an append always moves the version and the last event,
/// and only sometimes the stack or the end.
///
/// The upsert of every column (an INSERT attempt, its conflict, then the UPDATE) cost SQLite twice
/// the narrow UPDATE. The row ends up exactly as ``SessionRow`` has it.
package struct SessionRowUpdate: Sendable, Hashable {
    package var session: String
    package var version: Int64
    package var lastEventAt: Int64?
    package var lastPosition: Int64
    /// The stack's JSON array when the stack changed, nil to leave it.
    package var stack: String?
    /// The status and end time when either changed, nil to leave them.
    package var end: End?

    /// The `status` and `ended_at` columns.
    package struct End: Sendable, Hashable {
        package var status: String
        package var endedAt: Int64?
    }
}
