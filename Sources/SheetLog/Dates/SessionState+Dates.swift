import Foundation

extension SessionState {
    /// When `endSession` was recorded (``endedAt`` as a `Date`); nil while the session is active.
    public var endedDate: Date? { EpochMilliseconds.date(endedAt) }
}
