import Logging
import NIOPosix
import PostgresNIO
import SheetLogCore
import SheetLogProjections
import SheetLogStorage

/// One device's event log in the fleet store: an ``EventStore`` over the rows of `events` whose
/// `device` is ``device``, with the semantics of the device's SQLite store (atomic batches, expected
/// versions, idempotency by event id, the integrity chain, gap-free positions per device, committed
/// in order). Each device's writers take that device's lock only: devices never wait for each other.
///
/// The store owns a `PostgresClient` (a connection pool) and runs it in a task of its own until
/// ``close()``; values always reach PostgreSQL as bound parameters. With `sheetProjections`, every
/// append also writes the sheet read models (`sessions`, `presentations`, `dismissals`) in its
/// transaction, decided by `SheetLogProjections` as on a device.
///
/// ```swift
/// let store = try await PostgresEventStore.open(url: "postgres://sheetlog@127.0.0.1/fleet", device: "ipad-7")
/// defer { store.close() }
/// try await store.append([EventData(type: "present", payload: payload)], to: "session-1", expecting: .noStream)
/// ```
public final class PostgresEventStore: EventStore, Sendable {
    /// The class of the advisory locks (`pg_advisory_xact_lock(class, hashtext(device))`) that each
    /// device's writers take (``lockDevice(_:)``); two-key locks never clash with the one-key ones
    /// (the migrations' lock).
    static let deviceLockClass: Int32 = 0x5348_4C44  // "SHLD"
    /// The class of the session-level advisory lock an import holds on its device for its whole run
    /// (`pg_advisory_lock(class, hashtext(device))`): imports of one device go one after another,
    /// while pushes and appends of it (which take ``deviceLockClass`` per transaction) go on.
    static let importLockClass: Int32 = 0x5348_4C49  // "SHLI"

    /// The device whose log this store reads and appends to.
    public let device: String
    /// Where the database is (without its password in `description`).
    public let location: PostgresLocation
    /// The limits every append is validated against before it reaches PostgreSQL.
    public let limits: InputLimits
    /// The clock that stamps `recordedAt`.
    public let clock: any SheetLogClock
    /// Whether appends write the sheet read models (a store of arbitrary events, as the conformance
    /// suite appends, has none).
    public let sheetProjections: Bool

    let client: PostgresClient
    let logger: Logger
    /// Nil when the client is shared (``onSharedClient(_:location:device:limits:clock:)``): its owner runs it.
    private let runner: Task<Void, Never>?
    private let closed = LockedBox(false)
    /// The sessions the last appends folded (the least recently used evicted past 256, as SQLite's
    /// projection keeps them): an append's prior session is taken from here when the stream's event
    /// at the cached version still has the cached chain (checked in the append's transaction, so a
    /// rolled-back append or another writer's append is never trusted), else folded again from the
    /// stream's events.
    package let foldedSessions = SessionStateCache(capacity: 256)

    private convenience init(device: String, location: PostgresLocation, limits: InputLimits, clock: any SheetLogClock, sheetProjections: Bool) {
        let logger = Logger(label: "sheetlog.postgres", factory: { _ in SwiftLogNoOpLogHandler() })
        let client = PostgresClient(configuration: location.clientConfiguration, backgroundLogger: logger)
        self.init(device: device, location: location, limits: limits, clock: clock, sheetProjections: sheetProjections, client: client, logger: logger)
    }

    private init(
        device: String, location: PostgresLocation, limits: InputLimits, clock: any SheetLogClock, sheetProjections: Bool,
        client: PostgresClient, logger: Logger, ownsClient: Bool = true
    ) {
        self.device = device
        self.location = location
        self.limits = limits
        self.clock = clock
        self.sheetProjections = sheetProjections
        self.logger = logger
        self.client = client
        runner = ownsClient ? Task { await client.run() } : nil
    }

    deinit {
        runner?.cancel()
    }

    /// The store of `device` on a client someone else runs (and closes): many devices' stores on one
    /// connection pool, as a viewer over a whole fleet needs — one pool per device would exhaust
    /// PostgreSQL's `max_connections`. The database must already be migrated (the owner of the
    /// client did it); ``close()`` leaves the client running.
    package static func onSharedClient(
        _ client: PostgresClient, location: PostgresLocation, device: String, limits: InputLimits = .default,
        clock: any SheetLogClock = WallClock(), sheetProjections: Bool = true
    ) throws -> PostgresEventStore {
        guard !device.isEmpty, device.utf8.count <= limits.maxIdentifierBytes, !device.utf8.contains(0) else {
            throw SheetLogError(
                .invalidInput, "a device id is 1 to \(limits.maxIdentifierBytes) bytes without NUL", context: .init(operation: "open"))
        }
        return PostgresEventStore(
            device: device, location: location, limits: limits, clock: clock, sheetProjections: sheetProjections, client: client,
            logger: Logger(label: "sheetlog.postgres", factory: { _ in SwiftLogNoOpLogHandler() }), ownsClient: false)
    }

    /// The store of `other` on this store's connection pool, without a migration or a pool of its
    /// own: many devices' files loaded in one process. Closing it leaves the pool running; closing
    /// this store stops it.
    package func store(ofDevice other: String) throws -> PostgresEventStore {
        try Self.onSharedClient(client, location: location, device: other, limits: limits, clock: clock, sheetProjections: sheetProjections)
    }

    /// Connects to the database at `url`, brings its schema up to date (``PostgresMigrator``), and
    /// returns the store of `device`.
    ///
    /// Throws ``SheetLogError/Code/invalidInput`` for a URL or device id that is not usable,
    /// ``SheetLogError/Code/connectionFailed`` (one line: where, and why — never the password) when
    /// the server cannot be reached or refuses the user, password or database, and
    /// ``SheetLogError/Code/schemaTooNew`` or ``SheetLogError/Code/migrationFailed`` for its schema.
    public static func open(
        url: String, device: String, limits: InputLimits = .default, clock: any SheetLogClock = WallClock(),
        sheetProjections: Bool = true
    ) async throws -> PostgresEventStore {
        let location = try PostgresLocation(url: url)
        guard !device.isEmpty, device.utf8.count <= limits.maxIdentifierBytes, !device.utf8.contains(0) else {
            throw SheetLogError(
                .invalidInput, "a device id is 1 to \(limits.maxIdentifierBytes) bytes without NUL", context: .init(operation: "open"))
        }
        try await migrate(location)
        return PostgresEventStore(device: device, location: location, limits: limits, clock: clock, sheetProjections: sheetProjections)
    }

    /// Connects once, outside the pool, so that an unreachable server or a refused password is one
    /// clear error now rather than a pool that keeps retrying; then migrates on that connection.
    package static func migrate(_ location: PostgresLocation) async throws {
        let logger = Logger(label: "sheetlog.postgres", factory: { _ in SwiftLogNoOpLogHandler() })
        let connection: PostgresConnection
        do {
            connection = try await PostgresConnection.connect(
                on: MultiThreadedEventLoopGroup.singleton.next(), configuration: try location.connectionConfiguration(), id: 0, logger: logger)
        } catch {
            throw SheetLogError.postgres(error, operation: "connect", location: location)
        }
        do {
            try await PostgresMigrator().migrate(connection, logger: logger)
            try? await connection.close()
        } catch {
            try? await connection.close()
            let mapped = SheetLogError.postgres(error, operation: "migrate", location: location)
            if mapped.code == .storage { throw SheetLogError(.migrationFailed, mapped.message, context: mapped.context) }
            throw mapped
        }
    }

    /// Stops the store's connections; every later call throws ``SheetLogError/Code/closed``.
    public func close() {
        closed.withLock { $0 = true }
        runner?.cancel()
    }

    /// Throws when the store was closed.
    func ensureOpen(_ operation: String) throws(SheetLogError) {
        if closed.withLock({ $0 }) {
            throw SheetLogError(.closed, "the fleet store of device \(device) is closed", context: .init(operation: operation))
        }
    }
}
