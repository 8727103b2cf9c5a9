/// One dismissal attempt of the workload with how it ended: the audit figure's row.
public struct WorkloadDismissal: Sendable, Hashable {
    /// The global position (1-based) of the `attemptDismiss` event in the workload.
    public var position: Int64
    public var session: String
    public var presentation: String
    public var route: String
    /// swipe, cancelButton or programmatic.
    public var source: String
    /// dismissed, blocked or forced.
    public var outcome: String
    /// How the attempt ended: dismissed, forced, blocked, discarded, kept, saved, or pending.
    public var resolution: String
    /// JSON array of the field names whose values were lost, for a discard.
    public var discardedFields: String?
    public var occurredAt: Int64
}
