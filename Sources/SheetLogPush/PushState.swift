import Foundation
import SheetLogCore

/// What a pusher is doing, for an app's status line or `sheetlog push`'s progress.
public enum PushState: Sendable, Hashable {
    /// Everything up to `acknowledgedThrough` is stored by the collector; waiting for new events
    /// (`follow`) or about to start.
    case idle(acknowledgedThrough: Int64)
    /// A batch of `events` after position `after` is on its way.
    case sending(after: Int64, events: Int)
    /// The last attempt failed for a reason worth retrying; the same batch goes again at `until`.
    case backingOff(until: Date, failures: Int, reason: String)
    /// Done: every event up to `acknowledgedThrough` is stored (without `follow`).
    case finished(acknowledgedThrough: Int64)
    /// Stopped for good: the error says what the collector or the log refused.
    case stopped(SheetLogError)
    /// Stopped by ``PushTask/cancel()``: the cursor stays where the last acknowledged batch put it,
    /// and the next push resumes from there.
    case cancelled
}
