import SheetLogStorage

/// How many times a backend ran a decision.
final class DecisionPasses: @unchecked Sendable {  // only the deciding thread touches it, one pass after the other
    private(set) var count = 0

    func record(_ transaction: any AppendTransaction) {
        count += 1
    }
}
