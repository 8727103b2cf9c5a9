import SheetLogCore

/// What the pusher does after a reply, as ``PushBackoff`` decides it.
public enum PushAction: Sendable, Hashable {
    /// The events through `through` are stored: move the acknowledged cursor there (then, and only
    /// then) and send the next batch at once.
    case acknowledge(through: Int64, chain: [UInt8])
    /// The collector holds less of the device's log than the batch assumed (a `409` gap): send again
    /// from the event after `after`.
    case resume(after: Int64)
    /// Send the same batch again once `delay` has passed.
    case retry(after: Duration)
    /// Stop and report: the error says what the collector refused; nothing is sent again.
    case stop(SheetLogError)
}
