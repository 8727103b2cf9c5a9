import SheetLog

/// Where a pruned log's kept part begins, as every report of it says so: `audit`'s text, the
/// viewer's sessions and audit pages.
package enum KeptLogText {
    package static func sentence(_ base: LogBase) -> String {
        "The log was pruned (last on \(TimeText.iso(base.prunedAt) ?? ""), \(base.removedEvents) events in all): the kept log begins at position \(base.firstKeptPosition)."
    }
}
