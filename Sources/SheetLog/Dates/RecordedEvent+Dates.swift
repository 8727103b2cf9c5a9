import Foundation

extension RecordedEvent {
    /// When the event happened, on the app's clock (``occurredAt`` as a `Date`).
    public var occurredDate: Date? { EpochMilliseconds.date(occurredAt) }

    /// When the store recorded the event, on its own clock (``recordedAt`` as a `Date`).
    public var recordedDate: Date { EpochMilliseconds.date(recordedAt) }
}
