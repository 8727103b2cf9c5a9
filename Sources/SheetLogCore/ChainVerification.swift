/// The result of recomputing the integrity chain.
public struct ChainVerification: Sendable, Hashable {
    /// How many events were checked.
    public var checkedEvents: Int
    /// The first position whose stored chain differs from the recomputed one, nil when intact.
    public var firstBrokenPosition: Int64?

    public init(checkedEvents: Int, firstBrokenPosition: Int64?) {
        self.checkedEvents = checkedEvents
        self.firstBrokenPosition = firstBrokenPosition
    }

    public var isIntact: Bool { firstBrokenPosition == nil }
}
