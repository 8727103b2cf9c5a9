import SheetLogDomain

/// A session a prune carried across its cut: its fold at its last removed version, and its
/// dismissal rows at or below the cut, so that a fold of its kept events goes on exactly as if the
/// removed ones were still there (`base_sessions`, migration 0015).
///
/// Stored as the JSON of ``snapshotJSON()`` and read back with ``init(snapshot:keys:)``; in a
/// sealed log every form value in it is sealed with the session subject's key.
///
/// ```swift
/// var carried = CarriedSession(ProjectedSession(session: "s1"))
/// carried.fold(event, position: 1, version: 1)
/// let text = carried.snapshotJSON()
/// let back = try CarriedSession(snapshot: text, keys: keys)   // back.projected.state == carried.projected.state
/// ```
package struct CarriedSession: Sendable {
    package var projected: ProjectedSession
    /// The rows of its `attemptDismiss` events, by position, with what answered them so far.
    package var dismissals: [DismissalRow]

    package init(_ projected: ProjectedSession, dismissals: [DismissalRow] = []) {
        self.projected = projected
        self.dismissals = dismissals
    }

    package var session: String { projected.session }
    package var version: Int64 { projected.state.version }

    /// Folds one more event of the session, as rebuild does: a dismissal row for an
    /// `attemptDismiss`, and the resolution of the row an answer closes.
    package mutating func fold(_ event: SheetEvent, position: Int64, version: Int64, chain: [UInt8] = []) {
        let step = projected.foldRows(event, position: position, version: version, chain: chain)
        if let resolution = step.resolution, let index = dismissals.lastIndex(where: { $0.position == resolution.dismissalPosition }) {
            dismissals[index].resolution = resolution
        }
        if let dismissal = step.dismissal { dismissals.append(dismissal) }
    }
}
