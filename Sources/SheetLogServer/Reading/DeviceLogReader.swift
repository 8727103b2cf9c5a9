import SheetLog
import SheetLogReports

/// What the viewer reads of one device's log, through the ``SheetLogDatabase`` facade on any
/// backend: the file reader's single device and each device of a fleet are read by the same code, so
/// they answer the same questions with the same rules (an unknown session or a version past a
/// session's end is ``SheetLogError/Code/notFound``).
package struct DeviceLogReader: Sendable {
    package let database: SheetLogDatabase

    package init(database: SheetLogDatabase) {
        self.database = database
    }

    package func sessions() async throws -> [SessionActivity] {
        try await database.sessionActivity()
    }

    package func replay(session: String, through version: Int64?) async throws -> [ReplayStep] {
        try await requireVersion(version, of: session)
        return try await database.replay(session, through: version)
    }

    /// The replay with the sealed values opened by the keys `keys` gives for the session's subjects.
    package func replay(
        session: String, through version: Int64?, keys: (Set<String>) async throws -> [String: SubjectKey]
    ) async throws -> [ReplayStep] {
        try await requireVersion(version, of: session)
        return try await database.replay(session, through: version, keys: keys)
    }

    package func moment(session: String, at point: ReplayPoint?) async throws -> ReplayMoment {
        try await database.replayMoment(session, at: point, label: "version", operation: "state")
    }

    package func moment(
        session: String, at point: ReplayPoint?, keys: (Set<String>) async throws -> [String: SubjectKey]
    ) async throws -> ReplayMoment {
        try await database.replayMoment(session, at: point, label: "version", operation: "state", keys: keys)
    }

    package func events(session: String) async throws -> [(event: RecordedEvent, sheetEvent: SheetEvent)] {
        try await database.decodedEvents(session)
    }

    package func carriedBase(session: String) async throws -> ReplayBase? {
        try await database.carriedBase(of: session, operation: "timeline")
    }

    package func version(session: String, at point: ReplayPoint) async throws -> Int64 {
        try await database.version(of: session, at: point, label: "version", operation: "replay")
    }

    private func requireVersion(_ version: Int64?, of session: String) async throws {
        let versions = try await database.requireSession(session, operation: "replay")
        if let version, version > versions {
            throw SheetLogError(
                .notFound, "session \(session) has \(versions) \(versions == 1 ? "version" : "versions"); version \(version) is past its end",
                context: .init(stream: session, actualVersion: versions, operation: "replay"))
        }
    }

    package func audit(query: AuditQuery) async throws -> [DismissalRecord] {
        if let session = query.session { _ = try await database.requireSession(session, operation: "audit") }
        return try await database.audit(query)
    }

    package func drafts() async throws -> [RecoverableDraft] {
        try await database.recoverableDrafts()
    }

    package func erasures() async throws -> [ErasureRecord] {
        try await database.erasures()
    }

    package func stats() async throws -> Statistics {
        try await database.stats()
    }

    package func logBase() async throws -> LogBase? {
        try await database.logBase()
    }

    package func export(session: String, options: ExportOptions) async throws -> [ExportedEntry] {
        _ = try await database.requireSession(session, operation: "export")
        return try await database.exportLog(session: session, options: options)
    }

    package func version(position: Int64) async throws -> Int64? {
        guard position > 0 else { return nil }
        return try await database.backend.readAll(after: position - 1, through: position, limit: 1, types: nil).first?.version
    }
}
