import SheetLogDomain

/// How a discard alert went away: the `resolution` of the dismissal row that raised it.
package struct DismissalResolution: Sendable, Hashable {
    /// The values of `dismissals.resolution`.
    package enum Kind: String, Sendable, Hashable {
        case discarded
        case keptEditing
        case saved
        /// Save was chosen but the app's repository failed: the alert is gone, the sheet stays.
        case saveFailed

        /// The resolution an event of this kind gives to the alert of its presentation, nil for
        /// events that answer no alert (a restore or decline leaves it unanswered).
        package init?(answering kind: SheetEvent.Kind) {
            switch kind {
            case .confirmDiscard: self = .discarded
            case .keepEditing: self = .keptEditing
            case .save: self = .saved
            case .saveFailed: self = .saveFailed
            case .present, .edit, .attemptDismiss, .restoreDraft, .declineDraft, .endSession: return nil
            }
        }
    }

    /// The position of the `attemptDismiss` whose alert this answers (the dismissal row's key).
    package var dismissalPosition: Int64
    package var kind: Kind
    package var resolvedAt: Int64
    package var resolvedPosition: Int64
}
