import SheetLogDomain

/// One row of `dismissals`: an `attemptDismiss` and, once its alert went away, how.
struct DismissalRow: Sendable, Hashable {
    var position: Int64
    var session: String
    var presentation: String
    var routeName: String
    var routeGroup: String
    var source: DismissSource
    var outcome: DismissOutcome
    var dirty: Bool
    /// JSON array of the names of the fields that differed at the attempt (never their values).
    var changedFields: String
    var confirmation: Bool
    var offersSave: Bool
    var occurredAt: Int64
    var resolution: DismissalResolution?

    init(position: Int64, session: String, route: Route, payload: SheetEvent.AttemptDismiss, occurredAt: Int64) {
        self.position = position
        self.session = session
        presentation = payload.presentation
        routeName = route.name
        routeGroup = route.group
        source = payload.source
        outcome = payload.outcome
        dirty = payload.dirty
        changedFields = ProjectionJSON.array(payload.changedFields)
        confirmation = payload.confirmation
        offersSave = payload.offersSave ?? false
        self.occurredAt = occurredAt
    }
}
