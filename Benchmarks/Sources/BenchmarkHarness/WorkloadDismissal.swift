/// One dismissal attempt of the workload with how it ended: the audit figure's row.
package struct WorkloadDismissal: Sendable, Hashable {
    /// The global position (1-based) of the `attemptDismiss` event in the workload.
    package var position: Int64
    package var session: String
    package var presentation: String
    package var route: String
    /// swipe, cancelButton or programmatic.
    package var source: String
    /// dismissed, blocked or forced.
    package var outcome: String
    /// How the attempt ended: dismissed, forced, blocked, discarded, kept, saved, or pending.
    package var resolution: String
    /// JSON array of the field names whose values were lost, for a discard.
    package var discardedFields: String?
    package var occurredAt: Int64
}
