/// The values an export writes for an erased subject's edits, so that a copy's state machine,
/// deciding the commands again, appends the same events as the original did.
///
/// Erased, every value reads as `[erased]`; recorded again as such, an edit would change nothing
/// (`[erased]` to `[erased]`: no event) and a draft would never be dirty, so a dismissal the
/// original guarded would be let through, and the `confirmDiscard` after it refused. What the log
/// still tells is enough to choose values that decide alike:
/// - every stored edit changed its field (an edit that changes nothing appends nothing), so each
///   gets a value no other value equals: `[erased N]`, N its position in the log;
/// - an `attemptDismiss` stores the fields that differed from the baseline at that moment, so an
///   edit whose field is not among them at its draft's next attempt — in its own presentation, or
///   in the one it was restored as, in any session — had put the baseline's value back: it gets the
///   baseline's value as the export writes it (empty when the baseline lacked the field).
///
/// Pure: the events of an erased subject's sessions in log order in; a value per edit event id out.
///
/// ```swift
/// let values = ErasedEditValues.values(for: events)   // ["e-7": "[erased 7]", "e-9": "[erased]"]
/// ```
public enum ErasedEditValues {
    /// One stored event of an erased session.
    public struct Event: Sendable {
        public var eventID: String
        public var position: Int64
        public var session: String
        public var event: SheetEvent

        public init(eventID: String, position: Int64, session: String, event: SheetEvent) {
            self.eventID = eventID
            self.position = position
            self.session = session
            self.event = event
        }
    }

    /// The stand-in value of every edit among `events` (in log order), by event id. `carriedBaselines`
    /// are the baselines of drafts a pruned log's base carries, as the export writes them
    /// (``ErasedCarriedValues``): an edit of such a draft that put the baseline's value back gets it.
    public static func values(for events: [Event], carriedBaselines: [DraftReference: [String: FieldValue]] = [:]) -> [String: FieldValue] {
        var baselines: [Draft: [String: FieldValue]] = [:]
        for (draft, baseline) in carriedBaselines { baselines[Draft(session: draft.session, presentation: draft.presentation)] = baseline }
        // The latest edit of each draft's field, until an attempt tells whether it differed.
        var waiting: [Draft: [String: String]] = [:]
        var reverted: [String: FieldValue] = [:]
        for stored in events {
            switch stored.event.kind {
            case .present(let payload):
                let draft = Draft(session: stored.session, presentation: payload.presentation)
                baselines[draft] = payload.baseline
                // A restored draft goes on waiting as the new presentation.
                if let from = payload.restoredFrom {
                    waiting[draft] = waiting.removeValue(forKey: Draft(session: from.session, presentation: from.presentation))
                }
            case .edit(let payload):
                // An edit followed by another edit of its field, with no attempt between, is left to differ.
                waiting[Draft(session: stored.session, presentation: payload.presentation), default: [:]][payload.field] = stored.eventID
            case .attemptDismiss(let payload):
                let draft = Draft(session: stored.session, presentation: payload.presentation)
                let changed = Set(payload.changedFields)
                for (field, id) in waiting.removeValue(forKey: draft) ?? [:] where !changed.contains(field) {
                    reverted[id] = baselines[draft]?[field] ?? .null
                }
            case .confirmDiscard, .keepEditing, .save, .saveFailed, .restoreDraft, .declineDraft, .endSession:
                break
            }
        }
        var values: [String: FieldValue] = [:]
        for stored in events {
            guard case .edit = stored.event.kind else { continue }
            values[stored.eventID] = reverted[stored.eventID] ?? .string("[erased \(stored.position)]")
        }
        return values
    }

    private struct Draft: Hashable {
        var session: String
        var presentation: String
    }
}
