/// What an append decided in its transaction did, once that transaction ended.
package struct DecidedAppendOutcome<Plan> {
    package var result: AppendResult
    package var plan: Plan
    /// Where the log stands after the transaction: the mark the next append begins at when nothing
    /// else writes in between.
    package var mark: LogMark

    package init(result: AppendResult, plan: Plan, mark: LogMark) {
        self.result = result
        self.plan = plan
        self.mark = mark
    }
}
