/// One sheet in a session: its route, form baseline and draft, guard, and status.
///
/// Presentations stay in ``SessionState/presentations`` after they leave the screen, so that
/// recoverability and the "id unused in the session" rule can look at them.
public struct Presentation: Sendable, Hashable, Identifiable {
    /// Unique within the session; chosen by the client.
    public var id: String
    public var route: Route
    /// Field values when presented: empty for a creation form, the item's values for an edit form.
    public var baseline: [String: FieldValue]
    /// The current draft.
    public var values: [String: FieldValue]
    /// Fields that must be non-empty for Save.
    public var required: [String]
    public var dismissGuard: DismissGuard
    /// The discard alert, while it is up.
    public var pendingConfirmation: PendingConfirmation?
    /// The draft this presentation was restored from, if any.
    public var restoredFrom: DraftReference?
    public var status: PresentationStatus
    /// Milliseconds since 1970, from the caller's clock.
    public var openedAt: Int64
    public var closedAt: Int64?
    /// When the draft last changed (an edit, or a present with recovered values).
    public var lastEditAt: Int64?
    /// When the app's repository last failed to save it; cleared by a successful save.
    public var lastSaveFailureAt: Int64?

    public init(
        id: String, route: Route, baseline: [String: FieldValue] = [:], values: [String: FieldValue]? = nil,
        required: [String] = [], dismissGuard: DismissGuard = .whenDirty,
        pendingConfirmation: PendingConfirmation? = nil, restoredFrom: DraftReference? = nil,
        status: PresentationStatus = .open, openedAt: Int64, closedAt: Int64? = nil, lastEditAt: Int64? = nil,
        lastSaveFailureAt: Int64? = nil
    ) {
        self.id = id
        self.route = route
        self.baseline = baseline
        self.values = values ?? baseline
        self.required = required
        self.dismissGuard = dismissGuard
        self.pendingConfirmation = pendingConfirmation
        self.restoredFrom = restoredFrom
        self.status = status
        self.openedAt = openedAt
        self.closedAt = closedAt
        self.lastEditAt = lastEditAt
        self.lastSaveFailureAt = lastSaveFailureAt
    }
}
