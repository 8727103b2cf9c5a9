import GRDB
import SheetLog
import SheetLogProjections
import SheetLogSQLite

/// A SQLite backend that tells a test what a long job has done so far: ``onChunk`` runs after every
/// chunk of events the facade reads (export, verify's decoding check) and when a rebuild of the read
/// models starts reading the log (seen in SQLite's statement trace of the store's writer, the
/// connection every rebuild runs on). Everything else is the SQLite backend's own.
final class ObservedBackend: SheetLogBackend {
    let inner: SQLiteBackend
    let onChunk: @Sendable () -> Void

    init(path: String, onChunk: @escaping @Sendable () -> Void) throws {
        self.onChunk = onChunk
        inner = try SQLiteBackend.open(path: path, configuration: .init())
        inner.store.writer.writeWithoutTransaction { db in
            db.trace(options: .statement) { event in
                if case .statement(let statement) = event, statement.sql == RawEventChunk.selectSQL { onChunk() }
            }
        }
    }

    func readAll(after: Int64, through: Int64?, limit: Int?, types: Set<String>?) async throws -> [RecordedEvent] {
        let chunk = try await inner.readAll(after: after, through: through, limit: limit, types: types)
        onChunk()
        return chunk
    }

    func append<Plan>(deciding decide: (any AppendTransaction) throws -> DecidedAppend<Plan>) async throws -> DecidedAppendOutcome<Plan> {
        try await inner.append(deciding: decide)
    }
    func append(_ events: [EventData], to stream: String, expecting expected: ExpectedVersion) async throws -> AppendResult {
        try await inner.append(events, to: stream, expecting: expected)
    }
    func append(_ batches: [StreamBatch]) async throws -> AppendResult { try await inner.append(batches) }
    func readStream(_ stream: String, after: Int64, through: Int64?, limit: Int?, descending: Bool) async throws -> [RecordedEvent] {
        try await inner.readStream(stream, after: after, through: through, limit: limit, descending: descending)
    }
    func events(withIDs ids: [String]) async throws -> [RecordedEvent] { try await inner.events(withIDs: ids) }
    func lastPosition() async throws -> Int64 { try await inner.lastPosition() }
    func streamVersion(_ stream: String) async throws -> Int64 { try await inner.streamVersion(stream) }
    func subscribe(after position: Int64) -> AsyncThrowingStream<RecordedEvent, any Error> { inner.subscribe(after: position) }
    func verifyChain() async throws -> ChainVerification { try await inner.verifyChain() }
    func dismissals(matching query: AuditQuery, _ selection: DismissalSelection) async throws -> [DismissalRecord] {
        try await inner.dismissals(matching: query, selection)
    }
    func sessions() async throws -> [SessionSummary] { try await inner.sessions() }
    func presentedRoutes() async throws -> [String: [String]] { try await inner.presentedRoutes() }
    func recoverableDrafts() async throws -> [RecoverableDraft] { try await inner.recoverableDrafts() }
    func statistics() async throws -> Statistics { try await inner.statistics() }
    func erasures() async throws -> [ErasureRecord] { try await inner.erasures() }
    func integrityCheck() async throws -> VerificationReport.Check { try await inner.integrityCheck() }
    func logShape() async throws -> LogShape { try await inner.logShape() }
    func verifyProjections() async throws -> [ProjectionMismatch] { try await inner.verifyProjections() }
    var projectionNames: [String] { inner.projectionNames }
    var subjectKeys: any SubjectKeys { inner.subjectKeys }
    func settleErasure() async throws -> Bool { try await inner.settleErasure() }
    func subjectsWithKeys() async throws -> [String] { try await inner.subjectsWithKeys() }
    func subjectKeysCheck() async throws -> VerificationReport.Check { try await inner.subjectKeysCheck() }
    func appendOnlyCheck() async throws -> VerificationReport.Check { try await inner.appendOnlyCheck() }
    func rebuildProjections() async throws { try await inner.rebuildProjections() }
    func base(of session: String) async throws -> SessionBase? { try await inner.base(of: session) }
    func logBase() async throws -> LogBase? { try await inner.logBase() }
    func baseImage() async throws -> LogBaseImage? { try await inner.baseImage() }
    func installBase(_ image: LogBaseImage) async throws -> Bool { try await inner.installBase(image) }
    func close() throws { try inner.close() }
}
