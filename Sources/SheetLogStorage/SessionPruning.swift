import Foundation

/// A session a prune removed (`pruned_sessions`), and when.
public struct SessionPruning: Sendable, Hashable {
    public var session: String
    /// The session's version when it was removed.
    public var lastVersion: Int64
    /// The cut of the prune that removed it.
    public var cutPosition: Int64
    /// When that prune ran (milliseconds since 1970, the store's clock).
    public var prunedAt: Int64
    /// Where the kept log begins now (the latest cut + 1).
    public var firstKeptPosition: Int64

    public init(session: String, lastVersion: Int64, cutPosition: Int64, prunedAt: Int64, firstKeptPosition: Int64) {
        self.session = session
        self.lastVersion = lastVersion
        self.cutPosition = cutPosition
        self.prunedAt = prunedAt
        self.firstKeptPosition = firstKeptPosition
    }

    /// The error every reader and the command planner throw for it: it names the pruning and its date.
    public func error(operation: String) -> SheetLogError {
        let date = Date(timeIntervalSince1970: Double(prunedAt) / 1_000).formatted(.iso8601)
        return SheetLogError(
            .pruned, "session \(session) was pruned on \(date); the kept log begins at position \(firstKeptPosition)",
            context: .init(stream: session, actualVersion: lastVersion, position: cutPosition, operation: operation))
    }
}
