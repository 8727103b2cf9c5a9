import Foundation

extension DismissalRecord {
    /// When the dismissal was attempted, on the app's clock (``occurredAt`` as a `Date`).
    public var occurredDate: Date? { EpochMilliseconds.date(occurredAt) }

    /// When the discard alert was answered (``resolvedAt`` as a `Date`); nil while unanswered.
    public var resolvedDate: Date? { EpochMilliseconds.date(resolvedAt) }
}
