import SheetLogDomain

/// One attempt to dismiss a sheet, as the audit trail keeps it (a row of the `dismissals` table).
///
/// It names the fields that had changed, never their values.
///
/// ```swift
/// for record in try await database.dismissalsThatDiscardedUnsavedData() {
///     print(record.session, record.route, record.source, record.changedFields, record.occurredDate ?? .distantPast)
/// }
/// ```
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
    /// The session (window) of the sheet.
    public var session: String
    /// The sheet's presentation id.
    public var presentation: String
    /// The route name.
    public var route: String
    /// The route's exclusivity group.
    public var group: String
    /// How the user or the app tried to leave: swipe, Cancel button or code.
    public var source: DismissSource
    /// What the attempt did: dismissed, blocked or forced.
    public var outcome: DismissOutcome
    /// Whether the draft had unsaved changes at the attempt.
    public var dirty: Bool
    /// The fields that differed from the baseline at the attempt (names only).
    public var changedFields: [String]
    /// Whether the discard alert was raised.
    public var confirmation: Bool
    /// Whether that alert offered Save (only a swipe's does).
    public var offersSave: Bool
    /// How the alert was answered; nil when none was raised or it is still up.
    public var resolution: Resolution?
    /// When the attempt happened, in milliseconds since 1970 (``occurredDate`` as a `Date`).
    public var occurredAt: Int64?
    /// When the alert was answered, in milliseconds since 1970 (``resolvedDate`` as a `Date`).
    public var resolvedAt: Int64?

    /// A record with every column of its `dismissals` row.
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
