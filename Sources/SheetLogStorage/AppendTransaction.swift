/// The log as stored, read under an append's write lock by a caller that decides what to append.
///
/// The facade decides commands here rather than before the append: no other writer can commit
/// between the reads and the inserts, so no decision — an append, "nothing to append", or a
/// rejection — is ever made on a session as it was before another process wrote to it, and no
/// append can fail for a version race.
///
/// Every read sees the log as committed when the transaction began, and nothing else: the
/// transaction's own appends are not made yet while the caller decides.
///
/// ```swift
/// let outcome = try await backend.append { transaction in
///     let events = try transaction.readStream("session-1", after: 0)
///     return DecidedAppend(batches: [StreamBatch(stream: "session-1", events: next(events),
///                                                expected: .exact(Int64(events.count)))], plan: ())
/// }
/// ```
package protocol AppendTransaction {
    /// Where the log stood when the transaction began (see ``LogMark``).
    var mark: LogMark { get }

    /// The events of `stream` after `version`, ascending.
    func readStream(_ stream: String, after version: Int64) throws -> [RecordedEvent]

    /// The stored events with these ids, in position order; ids not stored are left out.
    func events(withIDs ids: [String]) throws -> [RecordedEvent]

    /// Whether anything is stored under `commandID`: an event with that id (a command's first) or a
    /// receipt. One statement, no row built: a decision looks every command id up before deciding the
    /// command, so that a resend is recognised in the one pass that decides it.
    func isStored(commandID: String) throws -> Bool

    /// Whether a receipt is stored under `commandID` (cheaper than ``receipt(_:)``: every command
    /// of a bulk ingest carries its own id and is probed once).
    func hasReceipt(_ commandID: String) throws -> Bool

    /// The receipt stored under `commandID`, nil when there is none.
    func receipt(_ commandID: String) throws -> CommandReceipt?

    /// Where `session`'s kept events begin after a prune, nil when no prune touched it. The planner
    /// asks it only of a session whose stored events do not continue what it knows (one probe, never
    /// per command of a known session): a command on a pruned session is refused, so that a resend
    /// of one of its commands is never stored a second time; a carried one goes on from its state.
    func base(of session: String) throws -> SessionBase?

    /// The keys of a sealed log, nil for a plain one (read in the transaction: a log another process
    /// sealed is seen as sealed). Throws ``SheetLogError/Code/keyUnavailable`` for a sealed log this
    /// handle has no master key for.
    func sealing() throws -> (any AppendSealing)?
}
