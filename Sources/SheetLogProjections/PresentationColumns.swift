/// The columns of a `presentations` row that its later events can change: what a narrow update
/// sets. The order of the bits is the order of the changing columns in ``PresentationRow``, then
/// the baseline and the draft.
package struct PresentationColumns: OptionSet, Sendable, Hashable {
    package let rawValue: UInt16

    package init(rawValue: UInt16) {
        self.rawValue = rawValue
    }

    package static let dirty = PresentationColumns(rawValue: 1 << 0)
    package static let changedFields = PresentationColumns(rawValue: 1 << 1)
    package static let status = PresentationColumns(rawValue: 1 << 2)
    package static let stackIndex = PresentationColumns(rawValue: 1 << 3)
    package static let pendingSource = PresentationColumns(rawValue: 1 << 4)
    package static let pendingOffersSave = PresentationColumns(rawValue: 1 << 5)
    package static let closedAt = PresentationColumns(rawValue: 1 << 6)
    package static let lastEditAt = PresentationColumns(rawValue: 1 << 7)
    package static let lastSaveFailureAt = PresentationColumns(rawValue: 1 << 8)
    package static let lastPosition = PresentationColumns(rawValue: 1 << 9)
    package static let baseline = PresentationColumns(rawValue: 1 << 10)
    package static let draftValues = PresentationColumns(rawValue: 1 << 11)

    /// How many columns a mask can name (bits 0 to 11).
    package static let count = 12
}
