import SheetLogDomain

/// The storage a `SheetLogDatabase` runs on — SQLite on a device (`SQLiteBackend`), PostgreSQL for
/// a fleet: an ``EventStore`` that keeps the sheet read models in every append's transaction and
/// answers the facade's queries over them.
///
/// The facade talks to its backend through this protocol only: it decides commands inside
/// ``append(deciding:)``, reads sessions and the log through ``EventStore``, and audit, recovery,
/// stats and verify through the queries below. SQL stays in the backend. The rows a backend writes
/// are decided by `SheetLogProjections` (`ProjectionChange` for an append, `PipelinedEventScan` and
/// `RebuildRows` for a rebuild), so every backend holds the same rows for the same log.
///
/// What a backend must honour is checked by the backend conformance suite
/// (`Tests/SheetLogBackendConformance`), which every backend's tests run, on top of the event store
/// suite (`Tests/SheetLogStoreConformance`):
/// - the decision runs under the write lock, on the log as committed, and may run twice;
/// - batches are appended with their expected versions and input limits checked, receipts with
///   them, the read models' rows in the same transaction: all or nothing;
/// - a retried append whose event ids are stored with the same content appends nothing and returns
///   the originals; other content under a stored id is ``SheetLogError/Code/idempotencyConflict``;
/// - equal ``LogMark``s mean that nothing was appended in between.
package protocol SheetLogBackend: EventStore {
    // MARK: Appending

    /// Runs `decide` inside the backend's write transaction, then appends what it returns — its
    /// batches (each checked against its expected version and the input limits), its receipts, and
    /// the read models' rows of the new events — and commits; acknowledged only after COMMIT returned.
    ///
    /// `decide` reads the log as stored through its ``AppendTransaction``. It is synchronous and
    /// pure apart from those reads, and runs once on a backend whose reads are synchronous; ids are
    /// looked up, never guessed (see ``DecidedAppend/idsLookedUp``): a retry is answered with its
    /// originals (``AppendResult/alreadyStored``, nothing appended), other content under a stored id
    /// is a conflict, an expected version that does not hold is ``SheetLogError/Code/wrongExpectedVersion``.
    /// A backend whose driver is asynchronous may run `decide` again: it answers a read it has not
    /// loaded as "not stored", loads what the pass missed, and decides again, keeping only a pass that
    /// missed nothing. Nothing is written when `decide` throws or returns nothing to append; its plan
    /// is handed back only once the transaction ended.
    ///
    /// Throws ``SheetLogError/Code/commitOutcomeUnknown`` when COMMIT failed: the events may or may
    /// not be stored, and the handle must not be used for appends again.
    func append<Plan>(
        deciding decide: (any AppendTransaction) throws -> DecidedAppend<Plan>
    ) async throws -> DecidedAppendOutcome<Plan>

    // MARK: Read models

    /// The dismissals matching `query` and `selection`, in log order (at most `query.limit`, the
    /// earliest first); the query's limit is never negative here.
    func dismissals(matching query: AuditQuery, _ selection: DismissalSelection) async throws -> [DismissalRecord]

    /// Every session, in the order of its first event.
    func sessions() async throws -> [SessionSummary]

    /// The route name of every presentation, by session, in the order the sheets were presented
    /// (restored drafts included: a restore presents a sheet). Read from the read models, so that a
    /// list of sessions does not scan the log.
    func presentedRoutes() async throws -> [String: [String]]

    /// The drafts that would be lost without recovery, the most recently touched last (by the
    /// position of their last event, then session and presentation).
    func recoverableDrafts() async throws -> [RecoverableDraft]

    /// The erasures of subjects: the log's `eraseSubject` events (stream `$erasures`) in log order,
    /// each with what it removed (``ErasureClosing`` tells the sessions it closed); the fleet adds
    /// the collector's erasures that apply to the device, in the order they were made. Reads no
    /// value, so a backend without the master key answers it too.
    func erasures() async throws -> [ErasureRecord]

    /// Counts of events, sessions and drafts, and the bytes the log takes in storage.
    func statistics() async throws -> Statistics

    // MARK: Verification and repair

    /// The storage's own check of its files or tables (SQLite's `integrity_check`), named `integrity_check`.
    func integrityCheck() async throws -> VerificationReport.Check

    /// The log's size and the `positions` and `versions` checks.
    func logShape() async throws -> LogShape

    /// One mismatch per read-model table whose rows differ from a rebuild from the log; empty when
    /// all agree. Changes nothing, also for a backend opened for reading only. Throws the codec's
    /// error when the log holds an event the rebuild refuses.
    func verifyProjections() async throws -> [ProjectionMismatch]

    /// The names of the projections ``verifyProjections()`` compares.
    var projectionNames: [String] { get }

    /// Opens the sealed events the facade reads (replay, state, export): the database's subject
    /// keys, or none (``NoSubjectKeys``) for a backend without a master key.
    var subjectKeys: any SubjectKeys { get }

    /// The subjects whose data keys the database holds and has not erased, sorted; empty for a
    /// backend without sealing. What `push --share-keys` wraps for the collector.
    func subjectsWithKeys() async throws -> [String]

    /// After an erasure committed: forgets every opened key and folded session this backend keeps in
    /// memory, and overwrites what the storage still keeps of the deleted key outside its tables
    /// (SQLite: a TRUNCATE checkpoint of the WAL). False when another connection's read kept the
    /// checkpoint from finishing: the old copy then stays until a later checkpoint.
    func settleErasure() async throws -> Bool

    /// Whether the keys agree with the log's erasures, named `subject-keys`: a key is erased exactly
    /// when an `eraseSubject` event says so (SQLite: `subject_keys`; the fleet: no shared key of a
    /// subject its device erased). An erasure without its event, or a key put back after one, fails.
    func subjectKeysCheck() async throws -> VerificationReport.Check

    /// Whether the log is still guarded as shipped: UPDATE and DELETE of events and command
    /// receipts refused (SQLite's triggers), named `append-only`.
    func appendOnlyCheck() async throws -> VerificationReport.Check

    /// Drops every read-model row and writes them again from the log, in one transaction.
    func rebuildProjections() async throws

    /// Where `session`'s kept events begin after a prune: removed whole (`SheetLogError.Code.pruned`
    /// for its readers), or carried across the cut; nil when no prune touched it.
    func base(of session: String) async throws -> SessionBase?

    /// Where the kept log begins when the log was pruned; nil when it never was.
    func logBase() async throws -> LogBase?

    /// The pruned log's base as an export writes it (carried values in clear); nil when never pruned.
    func baseImage() async throws -> LogBaseImage?

    /// Writes `image` as the base of this empty log; true when written, false when the log already
    /// had this very base. Refused for a log with anything recorded or another base.
    func installBase(_ image: LogBaseImage) async throws -> Bool

    /// Closes the backend's connections now rather than when it is released; every later call throws.
    func close() throws
}
