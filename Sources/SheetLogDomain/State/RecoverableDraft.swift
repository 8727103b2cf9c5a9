/// A dirty draft that was neither saved nor discarded: what a recovery screen offers to restore.
public struct RecoverableDraft: Sendable, Hashable {
    /// Why the draft is recoverable.
    public enum Reason: String, Sendable, Hashable, Codable, CaseIterable {
        /// Still on screen when its session stopped (the app died, or the session ended).
        case open
        /// It left the screen dirty by another path than save or confirmDiscard.
        case abandoned
    }

    public var session: String
    public var presentation: String
    public var route: Route
    public var values: [String: FieldValue]
    public var baseline: [String: FieldValue]
    public var changedFields: [String]
    public var reason: Reason
    public var lastEditAt: Int64?

    public init(
        session: String, presentation: String, route: Route, values: [String: FieldValue],
        baseline: [String: FieldValue], changedFields: [String], reason: Reason, lastEditAt: Int64?
    ) {
        self.session = session
        self.presentation = presentation
        self.route = route
        self.values = values
        self.baseline = baseline
        self.changedFields = changedFields
        self.reason = reason
        self.lastEditAt = lastEditAt
    }

    /// The draft of `presentation` in `session`, or nil when it is not recoverable.
    public init?(session: String, presentation: Presentation) {
        guard let reason = presentation.recoveryReason else { return nil }
        self.init(
            session: session, presentation: presentation.id, route: presentation.route,
            values: presentation.values, baseline: presentation.baseline,
            changedFields: presentation.changedFields, reason: reason, lastEditAt: presentation.lastEditAt)
    }

    /// Where the draft lives.
    public var reference: DraftReference { DraftReference(session: session, presentation: presentation) }
}
