/// Where the log stood for one store: its ``LogEpoch`` and the position of its last event.
///
/// Two equal marks mean that no event was appended in between, by anyone: the epoch rules out every
/// other connection and every other write through the store's own connection, the position rules
/// out this store's appends. (A transaction of this store that wrote only command receipts keeps
/// the mark: it changes no session.) A caller
/// that keeps state derived from the log (the facade's session cache) trusts it while the mark it
/// kept after its last commit is the mark the next append transaction begins at.
package struct LogMark: Sendable, Hashable {
    package let epoch: LogEpoch
    package let position: Int64

    package init(epoch: LogEpoch, position: Int64) {
        self.epoch = epoch
        self.position = position
    }
}
