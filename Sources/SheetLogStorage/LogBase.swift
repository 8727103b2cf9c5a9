/// Where a pruned log's kept part begins: the latest prune's cut and what all prunes removed.
///
/// ```swift
/// if let base = try await database.logBase() { print("the kept log begins at \(base.firstKeptPosition)") }
/// ```
public struct LogBase: Sendable, Hashable, Codable {
    /// The last position the latest prune removed.
    public var cutPosition: Int64
    /// The chain value of the event at the cut, which the first kept event links to.
    public var chain: [UInt8]
    /// When the latest prune ran, on the store's clock (milliseconds since 1970).
    public var prunedAt: Int64
    /// Events removed by every prune.
    public var removedEvents: Int64
    /// The `$erasures` events removed by every prune, carried in the bases.
    public var carriedErasures: Int
    /// The last `$erasures` version carried in the bases (0 when none), which the kept ones continue.
    public var carriedErasuresVersion: Int64

    public init(cutPosition: Int64, chain: [UInt8], prunedAt: Int64, removedEvents: Int64, carriedErasures: Int, carriedErasuresVersion: Int64) {
        self.cutPosition = cutPosition
        self.chain = chain
        self.prunedAt = prunedAt
        self.removedEvents = removedEvents
        self.carriedErasures = carriedErasures
        self.carriedErasuresVersion = carriedErasuresVersion
    }

    /// The first position the kept log can hold.
    public var firstKeptPosition: Int64 { cutPosition + 1 }

    /// The base `image` describes, with the totals of its erasures.
    public init(image: LogBaseImage) {
        self.init(
            cutPosition: image.cutPosition, chain: image.chain, prunedAt: image.prunedAt, removedEvents: image.removedEvents,
            carriedErasures: image.erasures.count, carriedErasuresVersion: image.erasures.last?.version ?? 0)
    }
}
