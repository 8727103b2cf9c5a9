// The payload of every event type. They are flat on purpose: decoding is on the replay path
// of long sessions, and the log's JSON must stay easy to query with SQLite's JSON functions.

extension SheetEvent {
    /// A sheet came on screen. `values` is present only when it differs from the baseline
    /// (a restored draft); `restoredFrom` names the draft it was restored from.
    public struct Present: Sendable, Hashable, Codable {
        public var presentation: String
        public var route: Route
        public var baseline: [String: FieldValue]
        public var values: [String: FieldValue]?
        public var required: [String]
        public var dismissGuard: DismissGuard
        public var restoredFrom: DraftReference?

        public init(
            presentation: String, route: Route, baseline: [String: FieldValue] = [:],
            values: [String: FieldValue]? = nil, required: [String] = [], dismissGuard: DismissGuard = .whenDirty,
            restoredFrom: DraftReference? = nil
        ) {
            self.presentation = presentation
            self.route = route
            self.baseline = baseline
            self.values = values
            self.required = required
            self.dismissGuard = dismissGuard
            self.restoredFrom = restoredFrom
        }

        private enum CodingKeys: String, CodingKey {
            case presentation, route, baseline, values, required, restoredFrom
            case dismissGuard = "guard"
        }
    }

    /// A field of the top sheet took a new value.
    public struct Edit: Sendable, Hashable, Codable {
        public var presentation: String
        public var field: String
        public var value: FieldValue

        public init(presentation: String, field: String, value: FieldValue) {
            self.presentation = presentation
            self.field = field
            self.value = value
        }
    }

    /// Somebody tried to dismiss the top sheet; `outcome` says what happened.
    public struct AttemptDismiss: Sendable, Hashable, Codable {
        public var presentation: String
        public var source: DismissSource
        public var outcome: DismissOutcome
        /// Whether the draft was dirty at the attempt.
        public var dirty: Bool
        /// The fields that differed from the baseline at the attempt.
        public var changedFields: [String]
        /// Whether the discard alert was raised.
        public var confirmation: Bool
        /// Whether that alert offers Save; nil when no alert was raised.
        public var offersSave: Bool?
        /// Whether the sheet left the screen.
        public var popped: Bool

        public init(
            presentation: String, source: DismissSource, outcome: DismissOutcome, dirty: Bool,
            changedFields: [String], confirmation: Bool, offersSave: Bool?, popped: Bool
        ) {
            self.presentation = presentation
            self.source = source
            self.outcome = outcome
            self.dirty = dirty
            self.changedFields = changedFields
            self.confirmation = confirmation
            self.offersSave = offersSave
            self.popped = popped
        }
    }

    /// The user chose Discard Changes: the sheet is popped and its draft dropped.
    public struct ConfirmDiscard: Sendable, Hashable, Codable {
        public var presentation: String
        /// The fields whose changes were lost (names only), for the audit trail.
        public var discardedFields: [String]

        public init(presentation: String, discardedFields: [String]) {
            self.presentation = presentation
            self.discardedFields = discardedFields
        }
    }

    /// The user chose Keep Editing: the alert goes away, the sheet stays.
    public struct KeepEditing: Sendable, Hashable, Codable {
        public var presentation: String

        public init(presentation: String) { self.presentation = presentation }
    }

    /// The app's repository stored the form: the sheet is popped as saved with these final values.
    public struct Save: Sendable, Hashable, Codable {
        public var presentation: String
        public var values: [String: FieldValue]

        public init(presentation: String, values: [String: FieldValue]) {
            self.presentation = presentation
            self.values = values
        }
    }

    /// The app's repository failed to store the form: the sheet stays with its draft.
    public struct SaveFailed: Sendable, Hashable, Codable {
        public var presentation: String
        /// The app's description of the failure (no form values, by the app's contract).
        public var reason: String

        public init(presentation: String, reason: String) {
            self.presentation = presentation
            self.reason = reason
        }
    }

    /// The draft of `presentation` was restored as `newPresentation` in `intoSession`.
    public struct RestoreDraft: Sendable, Hashable, Codable {
        public var presentation: String
        public var intoSession: String
        public var newPresentation: String

        public init(presentation: String, intoSession: String, newPresentation: String) {
            self.presentation = presentation
            self.intoSession = intoSession
            self.newPresentation = newPresentation
        }
    }

    /// The user declined to recover the draft of `presentation`.
    public struct DeclineDraft: Sendable, Hashable, Codable {
        public var presentation: String

        public init(presentation: String) { self.presentation = presentation }
    }

    /// The session ended cleanly; sheets still on screen keep their drafts recoverable.
    public struct EndSession: Sendable, Hashable, Codable {
        public init() {}
    }
}
