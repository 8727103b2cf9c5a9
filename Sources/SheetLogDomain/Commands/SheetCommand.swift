/// What an app asks of a session. The decider turns a command into events, or rejects it.
///
/// Where a command takes `presentation`, nil means "the top sheet"; a given id must be the top
/// sheet's, or the command is rejected.
///
/// ```swift
/// let command = SheetCommand.edit(field: "amount", value: "47.50")
/// let events = try SheetDecider.decide(command, state: state, at: clock.nowMilliseconds())
/// ```
public enum SheetCommand: Sendable, Hashable {
    case present(
        presentation: String, route: Route, baseline: [String: FieldValue] = [:], required: [String] = [],
        guard: DismissGuard = .whenDirty)
    case edit(field: String, value: FieldValue, presentation: String? = nil)
    case attemptDismiss(source: DismissSource, presentation: String? = nil)
    /// Dismisses every sheet top down, stopping at the first one that stays (`blocked`).
    case dismissAll(source: DismissSource)
    case confirmDiscard(presentation: String? = nil)
    case keepEditing(presentation: String? = nil)
    /// `values` are the final values when given (they replace the draft), else the draft is saved as is.
    case save(values: [String: FieldValue]? = nil, presentation: String? = nil)
    case saveFailed(reason: String, presentation: String? = nil)
    /// Restores a draft of this same session as a new presentation (which needs an unused id);
    /// a draft of another session is restored with ``SheetDecider/decideRestore(from:old:new:newPresentation:at:)``.
    case restoreDraft(from: DraftReference, as: String? = nil)
    /// Declines a draft; decided against the draft's own session (ended or not).
    case declineDraft(from: DraftReference)
    case endSession

    /// The command's name, as used in error messages and `context.operation`.
    public var name: String { type.rawValue }

    /// The command's type: which case it is, without its arguments.
    public var type: SheetCommandType {
        switch self {
        case .present: return .present
        case .edit: return .edit
        case .attemptDismiss: return .attemptDismiss
        case .dismissAll: return .dismissAll
        case .confirmDiscard: return .confirmDiscard
        case .keepEditing: return .keepEditing
        case .save: return .save
        case .saveFailed: return .saveFailed
        case .restoreDraft: return .restoreDraft
        case .declineDraft: return .declineDraft
        case .endSession: return .endSession
        }
    }
}
