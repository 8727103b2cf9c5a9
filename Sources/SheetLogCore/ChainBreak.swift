/// Why ``ChainVerification`` stopped at a position.
public enum ChainBreak: Sendable, Hashable, CustomStringConvertible {
    /// The stored chain value differs from the one recomputed under the event's rule: a chained
    /// column, or an earlier event, was changed, inserted or removed.
    case mismatch
    /// The event names a chain rule this build does not know (`chain_version` holds it).
    case unknownRule(Int)
    /// The event claims the weaker rule 1 after an event chained under rule 2 at `rule2Position`:
    /// SheetLog never writes that, so the row was rewritten to escape what rule 2 covers.
    case downgrade(rule2Position: Int64)

    public var description: String {
        switch self {
        case .mismatch:
            return "the stored chain value is not the one recomputed"
        case let .unknownRule(version):
            return "chain_version \(version) is a rule this build does not know"
        case let .downgrade(rule2Position):
            return "chained under rule 1 after position \(rule2Position) was chained under rule 2"
        }
    }
}
