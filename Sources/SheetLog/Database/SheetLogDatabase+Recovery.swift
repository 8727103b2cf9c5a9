extension SheetLogDatabase {
    /// Every session, in the order of its first event (the `sessions` table).
    @concurrent
    public func sessions() async throws -> [SessionSummary] {
        try await backend.sessions()
    }

    /// Drafts that would be lost without recovery (the `recoverable_drafts` view), the most recently
    /// touched last: what a launch screen offers to restore or decline.
    @concurrent
    public func recoverableDrafts() async throws -> [RecoverableDraft] {
        try await backend.recoverableDrafts()
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
