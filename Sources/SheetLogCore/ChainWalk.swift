/// Recomputes the integrity chain one event after the other, in position order: what every
/// store's `verifyChain()` runs, so that all of them apply the same rules.
///
/// ```swift
/// var walk = ChainWalk()
/// for event in events { if let broken = walk.check(event) { return broken } }
/// return walk.intact
/// ```
public struct ChainWalk: Sendable {
    private var previous = IntegrityChain.genesis
    private var checked = 0
    private var ruleOneEvents = 0
    /// The first position chained under rule 2: from there on, rule 1 is a downgrade.
    private var firstRuleTwoPosition: Int64?

    public init() {}

    /// A walk of a pruned log's kept events: the first links to `base`, the chain value of the
    /// event at the cut as the base record holds it.
    public init(base: [UInt8]) {
        previous = base
    }

    /// Checks `event` against the chain so far; the verification that stops at it when it breaks the chain.
    public mutating func check(_ event: RecordedEvent) -> ChainVerification? {
        checked += 1
        guard let rule = ChainRule(rawValue: event.chainVersion) else {
            return broken(at: event.position, .unknownRule(event.chainVersion))
        }
        switch rule {
        case .v1:
            if let firstRuleTwoPosition { return broken(at: event.position, .downgrade(rule2Position: firstRuleTwoPosition)) }
            ruleOneEvents += 1
        case .v2:
            if firstRuleTwoPosition == nil { firstRuleTwoPosition = event.position }
        }
        let expected = IntegrityChain.link(rule, previous: previous, event)
        if expected != event.chain { return broken(at: event.position, .mismatch) }
        previous = expected
        return nil
    }

    /// The verification of every event checked, all intact.
    public var intact: ChainVerification {
        ChainVerification(checkedEvents: checked, firstBrokenPosition: nil, ruleOneEvents: ruleOneEvents)
    }

    private func broken(at position: Int64, _ reason: ChainBreak) -> ChainVerification {
        ChainVerification(checkedEvents: checked, firstBrokenPosition: position, breakReason: reason, ruleOneEvents: ruleOneEvents)
    }
}
