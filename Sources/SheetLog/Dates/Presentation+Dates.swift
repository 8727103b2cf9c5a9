import Foundation

extension Presentation {
    /// When the sheet was presented (``openedAt`` as a `Date`).
    public var openedDate: Date { EpochMilliseconds.date(openedAt) }

    /// When the sheet left the screen (``closedAt`` as a `Date`); nil while it is up.
    public var closedDate: Date? { EpochMilliseconds.date(closedAt) }

    /// When a field was last changed (``lastEditAt`` as a `Date`); nil before the first edit.
    public var lastEditDate: Date? { EpochMilliseconds.date(lastEditAt) }

    /// When the app last recorded a failed save (``lastSaveFailureAt`` as a `Date`).
    public var lastSaveFailureDate: Date? { EpochMilliseconds.date(lastSaveFailureAt) }
}
