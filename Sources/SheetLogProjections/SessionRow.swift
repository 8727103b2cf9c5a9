import SheetLogDomain

/// The values of one row of `sessions`, as every backend stores it: the inline path and rebuild
/// both make it here, so a rebuild cannot write a column differently from an append.
package struct SessionRow: Sendable, Hashable {
    package var session: String
    package var version: Int64
    /// `active` or `ended` (``status(of:)``).
    package var status: String
    /// JSON array of the ids of the sheets on screen, bottom to top.
    package var stack: String
    package var startedAt: Int64?
    package var lastEventAt: Int64?
    package var endedAt: Int64?
    package var firstPosition: Int64
    package var lastPosition: Int64

    /// The row of `session`; nil while no sheet event was folded into it (it has no row then).
    package init?(_ session: ProjectedSession) {
        guard let firstPosition = session.firstPosition else { return nil }
        let state = session.state
        self.session = state.sessionID
        version = session.foldedVersion
        status = Self.status(of: state)
        stack = ProjectionJSON.array(state.stackIDs)
        startedAt = session.startedAt
        lastEventAt = session.lastEventAt
        endedAt = state.endedAt
        self.firstPosition = firstPosition
        lastPosition = session.lastPosition
    }

    /// The `status` column's value for `state`.
    package static func status(of state: SessionState) -> String {
        state.ended ? "ended" : "active"
    }
}
