/// The names of the commands, one case per ``SheetCommand`` case: the `type` of an ingest line,
/// the `command` of an event's metadata, and `context.operation` in errors.
///
/// The one list of command names: ingest's accepted types and fields, export and the idempotency
/// check switch over it exhaustively, so that a new command is a compile error wherever it must
/// be handled, never a silent fallback.
public enum SheetCommandType: String, Sendable, Hashable, CaseIterable {
    case present
    case edit
    case attemptDismiss
    case dismissAll
    case confirmDiscard
    case keepEditing
    case save
    case saveFailed
    case restoreDraft
    case declineDraft
    case endSession
}
