import SheetLogCore

/// The fleet's access log: every reveal of a session's form values, recorded before any value is
/// shown (the fleet store's `reveals`).
package protocol RevealLog: Sendable {
    /// Records that `reader` reveals `session` of `device` now.
    func recordReveal(reader: String, device: String, session: String) async throws -> RevealRecord
    /// The record numbered `id`; nil when there is none.
    func revealRecord(id: Int64) async throws -> RevealRecord?
    /// The newest `limit` records numbered below `before` (all when nil), newest first.
    func revealRecords(limit: Int, before: Int64?) async throws -> [RevealRecord]
}
