/// An append-only log of events grouped in streams.
///
/// Every implementation (SQLite, in memory) passes the same conformance suite:
/// appends are atomic, versions are consecutive per stream, positions are gap-free and
/// never reused, and a retried append with the same event ids appends nothing twice.
///
/// ```swift
/// let result = try await store.append(
///     [EventData(type: "present", payload: #"{"presentation":"p1"}"#)],
///     to: "session-1", expecting: .noStream)
/// let events = try await store.readStream("session-1")
/// ```
public protocol EventStore: Sendable {
    /// Appends `events` to `stream` as one atomic batch.
    ///
    /// Throws ``SheetLogError/Code/wrongExpectedVersion`` when `expected` does not hold,
    /// ``SheetLogError/Code/idempotencyConflict`` when an id is stored with other content or a batch
    /// mixes stored and new ids, and an input error when an event breaks ``InputLimits``.
    /// Returns only after the transaction committed.
    func append(_ events: [EventData], to stream: String, expecting expected: ExpectedVersion) async throws -> AppendResult

    /// Appends to several streams in one transaction: all batches or none.
    func append(_ batches: [StreamBatch]) async throws -> AppendResult

    /// Events of `stream` with `after < version <= through`, ascending (or descending), at most `limit`.
    func readStream(
        _ stream: String, after: Int64, through: Int64?, limit: Int?, descending: Bool
    ) async throws -> [RecordedEvent]

    /// Events of the whole log with `after < position <= through`, ascending, at most `limit`,
    /// only of the given types when `types` is not nil.
    func readAll(after: Int64, through: Int64?, limit: Int?, types: Set<String>?) async throws -> [RecordedEvent]

    /// The events stored under these ids (in position order); ids not stored are left out.
    ///
    /// This resolves an append whose outcome is unknown: look its ids up after reopening.
    func events(withIDs ids: [String]) async throws -> [RecordedEvent]

    /// The highest position in the log, 0 when empty.
    func lastPosition() async throws -> Int64

    /// The stream's version: its number of events, 0 when it has none.
    func streamVersion(_ stream: String) async throws -> Int64

    /// Every event after `position`, in order, then each new one as it commits.
    /// Never skips, never repeats. The sequence ends when the consuming task is cancelled.
    func subscribe(after position: Int64) -> AsyncThrowingStream<RecordedEvent, any Error>

    /// Recomputes the integrity chain over the log.
    func verifyChain() async throws -> ChainVerification
}

extension EventStore {
    /// The events of `stream`, by default all of them in ascending order.
    public func readStream(
        _ stream: String, after: Int64 = 0, through: Int64? = nil, limit: Int? = nil
    ) async throws -> [RecordedEvent] {
        try await readStream(stream, after: after, through: through, limit: limit, descending: false)
    }

    /// Events of the whole log, by default all of them.
    public func readAll(after: Int64 = 0, limit: Int? = nil) async throws -> [RecordedEvent] {
        try await readAll(after: after, through: nil, limit: limit, types: nil)
    }

    public func append(_ events: [EventData], to stream: String, expecting expected: ExpectedVersion) async throws -> AppendResult {
        try await append([StreamBatch(stream: stream, events: events, expected: expected)])
    }
}
