/// The result of recomputing the integrity chain.
public struct ChainVerification: Sendable, Hashable {
    /// How many events were checked.
    public var checkedEvents: Int
    /// The first position whose stored chain differs from the recomputed one, nil when intact.
    public var firstBrokenPosition: Int64?
    /// Why the chain breaks at ``firstBrokenPosition``; nil when intact.
    public var breakReason: ChainBreak?
    /// How many of the checked events are chained under ``ChainRule/v1`` (written before
    /// migration 0006): their times and metadata are not covered.
    public var ruleOneEvents: Int

    /// A break at `firstBrokenPosition` is a ``ChainBreak/mismatch`` unless `breakReason` says otherwise.
    public init(checkedEvents: Int, firstBrokenPosition: Int64?, breakReason: ChainBreak? = nil, ruleOneEvents: Int = 0) {
        self.checkedEvents = checkedEvents
        self.firstBrokenPosition = firstBrokenPosition
        self.breakReason = firstBrokenPosition == nil ? nil : (breakReason ?? .mismatch)
        self.ruleOneEvents = ruleOneEvents
    }

    public var isIntact: Bool { firstBrokenPosition == nil }
}
