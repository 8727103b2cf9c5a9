/// The `type` names of the sheet events as they are stored in the log: the action names.
public enum SheetEventType: String, Sendable, Hashable, CaseIterable {
    case present
    case edit
    case attemptDismiss
    case confirmDiscard
    case keepEditing
    case save
    case saveFailed
    case restoreDraft
    case declineDraft
    case endSession
}
