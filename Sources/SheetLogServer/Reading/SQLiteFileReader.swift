import SheetLog
import SheetLogReports

/// The viewer's reader over one SheetLog file, opened read-only: a single device, `local`.
///
/// Everything goes through the ``SheetLogDatabase`` facade, so the file is read exactly as the
/// `sheetlog` CLI's reading commands read it (and stays byte for byte as it was).
package struct SQLiteFileReader: SheetLogReader {
    /// The name of the one device a file holds.
    package static let localDevice = "local"

    package let database: SheetLogDatabase

    package init(database: SheetLogDatabase) {
        self.database = database
    }

    /// Opens the file at `path` for reading only; throws the facade's errors (no file, not a
    /// SheetLog log, a newer schema …) and creates nothing.
    package static func open(path: String, options: SheetLogDatabase.Options = .init()) throws -> SQLiteFileReader {
        SQLiteFileReader(database: try SheetLogDatabase.openForReading(path: path, options: options))
    }

    package func devices() async throws -> [String] { [Self.localDevice] }

    package func sessions(device: String) async throws -> [SessionActivity] {
        try await requireDevice(device)
        return try await database.sessionActivity()
    }

    package func replay(device: String, session: String, through version: Int64?) async throws -> [ReplayStep] {
        try await requireDevice(device)
        let versions = try await database.requireSession(session, operation: "replay")
        if let version, version > versions {
            throw SheetLogError(
                .notFound, "session \(session) has \(versions) \(versions == 1 ? "version" : "versions"); version \(version) is past its end",
                context: .init(stream: session, actualVersion: versions, operation: "replay"))
        }
        return try await database.replay(session, through: version)
    }

    package func audit(device: String, query: AuditQuery) async throws -> [DismissalRecord] {
        try await requireDevice(device)
        if let session = query.session { _ = try await database.requireSession(session, operation: "audit") }
        return try await database.audit(query)
    }

    package func drafts(device: String) async throws -> [RecoverableDraft] {
        try await requireDevice(device)
        return try await database.recoverableDrafts()
    }

    package func stats(device: String) async throws -> Statistics {
        try await requireDevice(device)
        return try await database.stats()
    }

    package func version(device: String, position: Int64) async throws -> Int64? {
        try await requireDevice(device)
        guard position > 0 else { return nil }
        return try await database.backend.readAll(after: position - 1, through: position, limit: 1, types: nil).first?.version
    }
}
