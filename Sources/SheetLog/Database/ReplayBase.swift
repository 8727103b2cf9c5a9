import Foundation

/// Where the replay of a session a prune carried across its cut begins: the state the prune
/// carried, at the session's last removed version. The versions up to it are gone from the log.
///
/// ```swift
/// let steps = try await database.replay("window-1")
/// if let base = steps.first?.base {
///     print("versions 1–\(base.version) were pruned on \(base.prunedAt)")
/// }
/// ```
public struct ReplayBase: Sendable, Hashable {
    /// The session's last removed version: the replay's first step is version + 1.
    public var version: Int64
    /// When the prune that carried the state ran (the store's clock).
    public var prunedAt: Date
    /// The state carried across the cut: what the session was after `version`.
    public var state: SessionState

    public init(version: Int64, prunedAt: Date, state: SessionState) {
        self.version = version
        self.prunedAt = prunedAt
        self.state = state
    }
}
