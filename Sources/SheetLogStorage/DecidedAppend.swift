/// What a decision made in an ``AppendTransaction`` appends: event batches, receipts of commands
/// that appended nothing, and the caller's own plan, handed back once the transaction ended.
package struct DecidedAppend<Plan> {
    package var batches: [StreamBatch]
    package var receipts: [CommandReceipt]
    package var plan: Plan
    /// True when the caller already checked the batches against the backend's ``InputLimits``
    /// (before taking the write lock); the backend checks them otherwise.
    package var validated: Bool

    package init(batches: [StreamBatch], receipts: [CommandReceipt] = [], plan: Plan, validated: Bool = false) {
        self.batches = batches
        self.receipts = receipts
        self.plan = plan
        self.validated = validated
    }
}
