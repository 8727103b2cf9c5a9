import Foundation

extension SessionSummary {
    /// When the session's first event occurred (``startedAt`` as a `Date`).
    public var startedDate: Date? { EpochMilliseconds.date(startedAt) }

    /// When the session's last event occurred (``lastEventAt`` as a `Date`).
    public var lastEventDate: Date? { EpochMilliseconds.date(lastEventAt) }

    /// When `endSession` was recorded (``endedAt`` as a `Date`); nil while the session is active.
    public var endedDate: Date? { EpochMilliseconds.date(endedAt) }
}
