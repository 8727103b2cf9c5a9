/// A fact about a session, as the decider appends it: a payload of one type and its time.
///
/// `occurredAt` comes from the caller (the domain reads no clock); in the log it is the
/// envelope's `occurred_at`, not part of the payload.
///
/// ```swift
/// let event = SheetEvent(occurredAt: 1_000, .edit(.init(presentation: "p1", field: "amount", value: "47.50")))
/// event.type  // .edit
/// ```
public struct SheetEvent: Sendable, Hashable {
    /// One case per event type, each with its own payload struct.
    public enum Kind: Sendable, Hashable {
        case present(Present)
        case edit(Edit)
        case attemptDismiss(AttemptDismiss)
        case confirmDiscard(ConfirmDiscard)
        case keepEditing(KeepEditing)
        case save(Save)
        case saveFailed(SaveFailed)
        case restoreDraft(RestoreDraft)
        case declineDraft(DeclineDraft)
        case endSession(EndSession)
    }

    /// Milliseconds since 1970 on the app's clock.
    public var occurredAt: Int64
    public var kind: Kind
    /// A sealed event's values as its payload holds them (set by the codec, which read or wrote
    /// them): what a read model's cells copy. Not part of the event's identity: two events are
    /// equal when their times and payloads are.
    package var seals: EventSeals?

    public init(occurredAt: Int64, _ kind: Kind) {
        self.occurredAt = occurredAt
        self.kind = kind
    }

    public static func == (lhs: SheetEvent, rhs: SheetEvent) -> Bool {
        lhs.occurredAt == rhs.occurredAt && lhs.kind == rhs.kind
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(occurredAt)
        hasher.combine(kind)
    }

    /// The event's type name in the log.
    public var type: SheetEventType {
        switch kind {
        case .present: return .present
        case .edit: return .edit
        case .attemptDismiss: return .attemptDismiss
        case .confirmDiscard: return .confirmDiscard
        case .keepEditing: return .keepEditing
        case .save: return .save
        case .saveFailed: return .saveFailed
        case .restoreDraft: return .restoreDraft
        case .declineDraft: return .declineDraft
        case .endSession: return .endSession
        }
    }

    /// The presentation the event is about, nil for `endSession`.
    public var presentation: String? {
        switch kind {
        case .present(let payload): return payload.presentation
        case .edit(let payload): return payload.presentation
        case .attemptDismiss(let payload): return payload.presentation
        case .confirmDiscard(let payload): return payload.presentation
        case .keepEditing(let payload): return payload.presentation
        case .save(let payload): return payload.presentation
        case .saveFailed(let payload): return payload.presentation
        case .restoreDraft(let payload): return payload.presentation
        case .declineDraft(let payload): return payload.presentation
        case .endSession: return nil
        }
    }
}
