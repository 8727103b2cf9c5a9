import SheetLog
import SheetLogReports

/// A reader whose every read answers within `limit`: past it, ``SheetLogError/Code/connectionFailed``
/// (the viewer answers 503) while the read is cancelled and not waited for.
///
/// For the fleet store: a statement on a pooled connection that closed under it (PostgreSQL
/// stopped or restarted) can stay suspended past its cancellation in postgres-nio 1.33.2, and the
/// server's graceful stop (SIGTERM) waits for every request in flight: one such read would hold the
/// stop for ever. The push routes have the same bound (``Deadline``).
///
/// ```swift
/// let reader = DeadlineReader(FleetReader(devices: …, open: …), limit: .seconds(30))
/// ```
package struct DeadlineReader: SheetLogReader {
    private let inner: any SheetLogReader
    private let limit: Duration

    package init(_ inner: any SheetLogReader, limit: Duration) {
        self.inner = inner
        self.limit = limit
    }

    package func devices() async throws -> [String] {
        try await Deadline.within(limit, "the device list") { [inner] in try await inner.devices() }
    }

    package func sessions(device: String) async throws -> [SessionActivity] {
        try await Deadline.within(limit, "the sessions") { [inner] in try await inner.sessions(device: device) }
    }

    package func sessions(matching query: SessionQuery) async throws -> [DeviceSessionActivity] {
        try await Deadline.within(limit, "the sessions") { [inner] in try await inner.sessions(matching: query) }
    }

    package func replay(device: String, session: String, through version: Int64?) async throws -> [ReplayStep] {
        try await Deadline.within(limit, "a replay") { [inner] in try await inner.replay(device: device, session: session, through: version) }
    }

    package func revealedReplay(device: String, session: String, through version: Int64?) async throws -> [ReplayStep] {
        try await Deadline.within(limit, "a replay") { [inner] in try await inner.revealedReplay(device: device, session: session, through: version) }
    }

    package func moment(device: String, session: String, at point: ReplayPoint?) async throws -> ReplayMoment {
        try await Deadline.within(limit, "a state") { [inner] in try await inner.moment(device: device, session: session, at: point) }
    }

    package func revealedMoment(device: String, session: String, at point: ReplayPoint?) async throws -> ReplayMoment {
        try await Deadline.within(limit, "a state") { [inner] in try await inner.revealedMoment(device: device, session: session, at: point) }
    }

    package func events(device: String, session: String) async throws -> [(event: RecordedEvent, sheetEvent: SheetEvent)] {
        try await Deadline.within(limit, "a timeline") { [inner] in try await inner.events(device: device, session: session) }
    }

    package func carriedBase(device: String, session: String) async throws -> ReplayBase? {
        try await Deadline.within(limit, "a timeline") { [inner] in try await inner.carriedBase(device: device, session: session) }
    }

    package func version(device: String, session: String, at point: ReplayPoint) async throws -> Int64 {
        try await Deadline.within(limit, "a replay") { [inner] in try await inner.version(device: device, session: session, at: point) }
    }

    package func audit(device: String, query: AuditQuery) async throws -> [DismissalRecord] {
        try await Deadline.within(limit, "the audit") { [inner] in try await inner.audit(device: device, query: query) }
    }

    package func drafts(device: String) async throws -> [RecoverableDraft] {
        try await Deadline.within(limit, "the drafts") { [inner] in try await inner.drafts(device: device) }
    }

    package func erasures(device: String) async throws -> [ErasureRecord] {
        try await Deadline.within(limit, "the erasures") { [inner] in try await inner.erasures(device: device) }
    }

    package func stats(device: String) async throws -> Statistics {
        try await Deadline.within(limit, "the counts") { [inner] in try await inner.stats(device: device) }
    }

    package func logBase(device: String) async throws -> LogBase? {
        try await Deadline.within(limit, "the log's base") { [inner] in try await inner.logBase(device: device) }
    }

    package func export(device: String, session: String, options: ExportOptions) async throws -> [ExportedEntry] {
        try await Deadline.within(limit, "an export") { [inner] in try await inner.export(device: device, session: session, options: options) }
    }

    package func version(device: String, position: Int64) async throws -> Int64? {
        try await Deadline.within(limit, "a position's version") { [inner] in try await inner.version(device: device, position: position) }
    }
}
