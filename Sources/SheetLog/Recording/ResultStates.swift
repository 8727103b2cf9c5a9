/// Which state of its session each ``RecordResult`` of a batch `record` carries.
///
/// ```swift
/// // Bulk ingest reads only the events: no per-command copy of the session's state.
/// let results = try await database.record(envelopes, states: .afterBatch)
/// ```
public enum ResultStates: Sendable, Hashable {
    /// Each result carries its session's state right after its own command. Every command then
    /// keeps a snapshot of its session, which costs a copy of the session's presentation table.
    case afterEachCommand
    /// Each result carries its session's state after the whole batch: one state per session,
    /// shared by the results, and no snapshot per command. For callers that read only the events.
    case afterBatch
}
