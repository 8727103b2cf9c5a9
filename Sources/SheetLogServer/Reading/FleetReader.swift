import SheetLog
import SheetLogReports

/// The viewer's reader over many devices' logs, each read through its own ``SheetLogDatabase``
/// (the fleet store opens one per device on PostgreSQL): the device list comes from `devices`, and
/// a device's database from `open`, which returns nil for a device it does not hold.
///
/// ```swift
/// let reader = FleetReader(devices: { try await fleet.deviceIDs() },
///                          open: { device in try await fleet.database(of: device) })
/// ```
package struct FleetReader: SheetLogReader {
    private let listDevices: @Sendable () async throws -> [String]
    private let open: @Sendable (String) async throws -> SheetLogDatabase?
    /// The key the collector holds for a device's subject, for a revealed replay; nil holds none.
    private let subjectKey: (@Sendable (_ device: String, _ subject: String) async throws -> SubjectKey)?

    package init(
        devices: @escaping @Sendable () async throws -> [String],
        open: @escaping @Sendable (String) async throws -> SheetLogDatabase?,
        subjectKey: (@Sendable (_ device: String, _ subject: String) async throws -> SubjectKey)? = nil
    ) {
        listDevices = devices
        self.open = open
        self.subjectKey = subjectKey
    }

    package func devices() async throws -> [String] {
        try await listDevices()
    }

    /// The device's reader; ``SheetLogError/Code/notFound`` when the fleet does not hold it.
    private func device(_ name: String) async throws -> DeviceLogReader {
        guard let database = try await open(name) else {
            throw SheetLogError(.notFound, "no device \(name)", context: .init(operation: "read device"))
        }
        return DeviceLogReader(database: database)
    }

    package func sessions(device name: String) async throws -> [SessionActivity] {
        try await device(name).sessions()
    }

    package func sessions(matching query: SessionQuery) async throws -> [DeviceSessionActivity] {
        var databases: [(String, SheetLogDatabase)] = []
        for name in try await devices() {
            // A device removed since the list was read has no sessions to list.
            if let database = try await open(name) { databases.append((name, database)) }
        }
        return try await DeviceSessionActivity.matching(query, in: databases)
    }

    package func replay(device name: String, session: String, through version: Int64?) async throws -> [ReplayStep] {
        try await device(name).replay(session: session, through: version)
    }

    package func revealedReplay(device name: String, session: String, through version: Int64?) async throws -> [ReplayStep] {
        guard let subjectKey else { return try await replay(device: name, session: session, through: version) }
        return try await device(name).replay(session: session, through: version) { subjects in
            var keys: [String: SubjectKey] = [:]
            for subject in subjects { keys[subject] = try await subjectKey(name, subject) }
            return keys
        }
    }

    package func moment(device name: String, session: String, at point: ReplayPoint?) async throws -> ReplayMoment {
        try await device(name).moment(session: session, at: point)
    }

    package func revealedMoment(device name: String, session: String, at point: ReplayPoint?) async throws -> ReplayMoment {
        guard let subjectKey else { return try await moment(device: name, session: session, at: point) }
        return try await device(name).moment(session: session, at: point) { subjects in
            var keys: [String: SubjectKey] = [:]
            for subject in subjects { keys[subject] = try await subjectKey(name, subject) }
            return keys
        }
    }

    package func events(device name: String, session: String) async throws -> [(event: RecordedEvent, sheetEvent: SheetEvent)] {
        try await device(name).events(session: session)
    }

    package func carriedBase(device name: String, session: String) async throws -> ReplayBase? {
        try await device(name).carriedBase(session: session)
    }

    package func version(device name: String, session: String, at point: ReplayPoint) async throws -> Int64 {
        try await device(name).version(session: session, at: point)
    }

    package func audit(device name: String, query: AuditQuery) async throws -> [DismissalRecord] {
        try await device(name).audit(query: query)
    }

    package func drafts(device name: String) async throws -> [RecoverableDraft] {
        try await device(name).drafts()
    }

    package func erasures(device name: String) async throws -> [ErasureRecord] {
        try await device(name).erasures()
    }

    package func stats(device name: String) async throws -> Statistics {
        try await device(name).stats()
    }

    package func logBase(device name: String) async throws -> LogBase? {
        try await device(name).logBase()
    }

    package func export(device name: String, session: String, options: ExportOptions) async throws -> [ExportedEntry] {
        try await device(name).export(session: session, options: options)
    }

    package func version(device name: String, position: Int64) async throws -> Int64? {
        try await device(name).version(position: position)
    }
}
