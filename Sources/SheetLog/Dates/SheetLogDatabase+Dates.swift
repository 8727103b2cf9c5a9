import Foundation

extension SheetLogDatabase {
    /// Records one command in `session` as having happened at `date` (kept to the millisecond);
    /// see ``record(_:in:id:occurredAt:)``.
    ///
    /// ```swift
    /// try await database.record(.endSession, in: "window-1", at: Date())
    /// ```
    @discardableResult
    @concurrent
    public func record(_ command: SheetCommand, in session: String, id: String? = nil, at date: Date) async throws -> RecordResult {
        try await record(command, in: session, id: id, occurredAt: EpochMilliseconds.floor(date))
    }

    /// Restores a recoverable draft as having happened at `date`; see ``restoreDraft(_:into:as:id:occurredAt:)``.
    @discardableResult
    @concurrent
    public func restoreDraft(
        _ draft: DraftReference, into session: String, as presentation: String? = nil, id: String? = nil, at date: Date
    ) async throws -> RecordResult {
        try await restoreDraft(draft, into: session, as: presentation, id: id, occurredAt: EpochMilliseconds.floor(date))
    }

    /// Declines a recoverable draft as having happened at `date`; see ``declineDraft(_:id:occurredAt:)``.
    @discardableResult
    @concurrent
    public func declineDraft(_ draft: DraftReference, id: String? = nil, at date: Date) async throws -> RecordResult {
        try await declineDraft(draft, id: id, occurredAt: EpochMilliseconds.floor(date))
    }
}
