import SheetLogStorage

/// The passes of a decision: whether each looked ids up.
final class DecisionPasses: @unchecked Sendable {  // only the deciding thread touches it, one pass after the other
    private(set) var lookingUpIDs: [Bool] = []

    func record(_ transaction: any AppendTransaction) {
        lookingUpIDs.append(transaction.lookingUpIDs)
    }
}
