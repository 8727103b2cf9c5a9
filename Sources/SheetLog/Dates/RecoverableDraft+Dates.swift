import Foundation

extension RecoverableDraft {
    /// When the draft was last typed into (``lastEditAt`` as a `Date`): what a recovery screen shows.
    public var lastEditDate: Date? { EpochMilliseconds.date(lastEditAt) }
}
