import SheetLogDomain

/// One row of `dismissals`: an `attemptDismiss` and, once its alert went away, how.
package struct DismissalRow: Sendable, Hashable {
    package var position: Int64
    package var session: String
    package var presentation: String
    package var routeName: String
    package var routeGroup: String
    package var source: DismissSource
    package var outcome: DismissOutcome
    package var dirty: Bool
    /// JSON array of the names of the fields that differed at the attempt (never their values).
    package var changedFields: String
    package var confirmation: Bool
    package var offersSave: Bool
    package var occurredAt: Int64
    package var resolution: DismissalResolution?

    package init(position: Int64, session: String, route: Route, payload: SheetEvent.AttemptDismiss, occurredAt: Int64) {
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

    /// Every column as given: a row read back from a carried snapshot (``CarriedSession``).
    package init(
        position: Int64, session: String, presentation: String, routeName: String, routeGroup: String, source: DismissSource,
        outcome: DismissOutcome, dirty: Bool, changedFields: String, confirmation: Bool, offersSave: Bool, occurredAt: Int64,
        resolution: DismissalResolution?
    ) {
        self.position = position
        self.session = session
        self.presentation = presentation
        self.routeName = routeName
        self.routeGroup = routeGroup
        self.source = source
        self.outcome = outcome
        self.dirty = dirty
        self.changedFields = changedFields
        self.confirmation = confirmation
        self.offersSave = offersSave
        self.occurredAt = occurredAt
        self.resolution = resolution
    }
}
