extension SheetLogDatabase {
    /// Every session, in the order of its first event (the `sessions` table).
    @concurrent
    public func sessions() async throws -> [SessionSummary] {
        try await backend.sessions()
    }

    /// Drafts that would be lost without recovery (the `recoverable_drafts` view), the most recently
    /// touched last: what a launch screen offers to restore or decline.
    ///
    /// A sheet still on screen in a session that a ``SheetCoordinator`` of this handle shows (a window
    /// of the running app) is not offered, and restoring or declining it is refused
    /// (``SheetLogError/Rule/draftHeldByLiveSession``): only what no live window holds, in practice
    /// the drafts of earlier launches. Sessions of another process writing the same file (an
    /// extension) are not known to this handle: docs/app-integration.md says how to tell them apart.
    @concurrent
    public func recoverableDrafts() async throws -> [RecoverableDraft] {
        let live = liveSessions.snapshot
        return try await backend.recoverableDrafts().filter { !(live.contains($0.reference.session) && $0.reason == .open) }
    }

    /// Restores a recoverable draft into `session` as a new presentation (`presentation`, by default
    /// the draft's own id), with every field as it was. Only once: the draft then leaves the list.
    @discardableResult
    @concurrent
    public func restoreDraft(
        _ draft: DraftReference, into session: String, as presentation: String? = nil, id: String? = nil,
        occurredAt: Int64? = nil
    ) async throws -> RecordResult {
        try await record(.restoreDraft(from: draft, as: presentation), in: session, id: id, occurredAt: occurredAt)
    }

    /// Declines a recoverable draft (recorded in the draft's own session): it leaves the list for good.
    @discardableResult
    @concurrent
    public func declineDraft(_ draft: DraftReference, id: String? = nil, occurredAt: Int64? = nil) async throws -> RecordResult {
        try await record(.declineDraft(from: draft), in: draft.session, id: id, occurredAt: occurredAt)
    }
}
