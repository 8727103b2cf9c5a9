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
    private let device: DeviceLogReader

    package init(database: SheetLogDatabase) {
        self.database = database
        device = DeviceLogReader(database: database)
    }

    /// Opens the file at `path` for reading only; throws the facade's errors (no file, not a
    /// SheetLog log, a newer schema …) and creates nothing.
    package static func open(path: String, options: SheetLogDatabase.Options = .init()) throws -> SQLiteFileReader {
        SQLiteFileReader(database: try SheetLogDatabase.openForReading(path: path, options: options))
    }

    package func devices() async throws -> [String] { [Self.localDevice] }

    package func sessions(device name: String) async throws -> [SessionActivity] {
        try await requireDevice(name)
        return try await device.sessions()
    }

    package func sessions(matching query: SessionQuery) async throws -> [DeviceSessionActivity] {
        try await DeviceSessionActivity.matching(query, in: [(Self.localDevice, database)])
    }

    package func replay(device name: String, session: String, through version: Int64?) async throws -> [ReplayStep] {
        try await requireDevice(name)
        return try await device.replay(session: session, through: version)
    }

    /// The replay: a file is read with its own key (when it is sealed), so nothing more opens.
    package func revealedReplay(device name: String, session: String, through version: Int64?) async throws -> [ReplayStep] {
        try await replay(device: name, session: session, through: version)
    }

    package func moment(device name: String, session: String, at point: ReplayPoint?) async throws -> ReplayMoment {
        try await requireDevice(name)
        return try await device.moment(session: session, at: point)
    }

    /// The moment: a file is read with its own key, as ``revealedReplay(device:session:through:)``.
    package func revealedMoment(device name: String, session: String, at point: ReplayPoint?) async throws -> ReplayMoment {
        try await moment(device: name, session: session, at: point)
    }

    package func events(device name: String, session: String) async throws -> [(event: RecordedEvent, sheetEvent: SheetEvent)] {
        try await requireDevice(name)
        return try await device.events(session: session)
    }

    package func carriedBase(device name: String, session: String) async throws -> ReplayBase? {
        try await requireDevice(name)
        return try await device.carriedBase(session: session)
    }

    package func version(device name: String, session: String, at point: ReplayPoint) async throws -> Int64 {
        try await requireDevice(name)
        return try await device.version(session: session, at: point)
    }

    package func audit(device name: String, query: AuditQuery) async throws -> [DismissalRecord] {
        try await requireDevice(name)
        return try await device.audit(query: query)
    }

    package func drafts(device name: String) async throws -> [RecoverableDraft] {
        try await requireDevice(name)
        return try await device.drafts()
    }

    package func erasures(device name: String) async throws -> [ErasureRecord] {
        try await requireDevice(name)
        return try await device.erasures()
    }

    package func stats(device name: String) async throws -> Statistics {
        try await requireDevice(name)
        return try await device.stats()
    }

    package func logBase(device name: String) async throws -> LogBase? {
        try await requireDevice(name)
        return try await device.logBase()
    }

    package func export(device name: String, session: String, options: ExportOptions) async throws -> [ExportedEntry] {
        try await requireDevice(name)
        return try await device.export(session: session, options: options)
    }

    package func version(device name: String, position: Int64) async throws -> Int64? {
        try await requireDevice(name)
        return try await device.version(position: position)
    }
}
