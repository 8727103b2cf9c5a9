/// One step of a session's replay and the state just before it: what `sheetlog state`, the viewer's
/// state endpoint and its timeline's state panel show of one version.
///
/// Built by the fold `replay` runs (``SessionState/apply(_:)`` over the decoded events), never by a
/// second one, so the step is the element `replay` has for that version.
package struct ReplayMoment: Sendable, Hashable {
    /// The step at the version asked for: the event, decoded, and the state after it.
    package var step: ReplayStep
    /// The state after the version before (nil at version 1): the panel marks what this event changed.
    package var previous: SessionState?

    package init(step: ReplayStep, previous: SessionState?) {
        self.step = step
        self.previous = previous
    }
}
