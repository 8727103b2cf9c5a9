import SheetLogDomain

/// One attempt to dismiss a sheet, as the audit trail keeps it (a row of the `dismissals` table).
///
/// It names the fields that had changed, never their values.
public struct DismissalRecord: Sendable, Hashable, Codable {
    /// How the discard alert raised by the attempt was answered.
    public enum Resolution: String, Sendable, Hashable, Codable, CaseIterable {
        /// Discard Changes: the draft was dropped.
        case discarded
        /// Keep Editing: the sheet stayed.
        case keptEditing
        /// Save, from the alert.
        case saved
        /// Save was chosen but the app's repository failed: the alert went away, the sheet stayed.
        case saveFailed
    }

    /// The attemptDismiss event's position in the log.
    public var position: Int64
    public var session: String
    public var presentation: String
    /// The route name.
    public var route: String
    /// The route's exclusivity group.
    public var group: String
    public var source: DismissSource
    public var outcome: DismissOutcome
    /// Whether the draft had unsaved changes at the attempt.
    public var dirty: Bool
    /// The fields that differed from the baseline at the attempt (names only).
    public var changedFields: [String]
    /// Whether the discard alert was raised.
    public var confirmation: Bool
    public var offersSave: Bool
    /// How the alert was answered; nil when none was raised or it is still up.
    public var resolution: Resolution?
    public var occurredAt: Int64?
    public var resolvedAt: Int64?

    public init(
        position: Int64, session: String, presentation: String, route: String, group: String, source: DismissSource,
        outcome: DismissOutcome, dirty: Bool, changedFields: [String], confirmation: Bool, offersSave: Bool,
        resolution: Resolution?, occurredAt: Int64?, resolvedAt: Int64?
    ) {
        self.position = position
        self.session = session
        self.presentation = presentation
        self.route = route
        self.group = group
        self.source = source
        self.outcome = outcome
        self.dirty = dirty
        self.changedFields = changedFields
        self.confirmation = confirmation
        self.offersSave = offersSave
        self.resolution = resolution
        self.occurredAt = occurredAt
        self.resolvedAt = resolvedAt
    }
}
