/// Which bytes of an event the integrity chain hashes: each stored event says, in its
/// `chain_version` column, the rule it was chained under, so that a verifier (or another store
/// that imports the rows as they are) knows how to recompute it.
///
/// ```swift
/// let rule = ChainRule(rawValue: recorded.chainVersion)  // nil: a rule this build does not know
/// ```
public enum ChainRule: Int, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// Position, event id, stream, version, type and payload: what SheetLog chained before
    /// migration 0006. Times, metadata and the schema version are not covered.
    case v1 = 1
    /// Every stored column of the event: rule 1's, the chain version itself, the schema version,
    /// the metadata, `occurred_at` and `recorded_at`. Every event appended since migration 0006.
    case v2 = 2

    /// The rule new events are chained under.
    public static let current = ChainRule.v2

    public var description: String { "rule \(rawValue)" }
}
