import SheetLogCore
import SheetLogDomain
import SheetLogStorage

/// One device's SheetLog database in the fleet store: the ``SheetLogBackend`` a `SheetLogDatabase`
/// runs on when its log lives in PostgreSQL.
///
/// A ``PostgresEventStore`` with the sheet read models on, plus the deciding append (one
/// transaction under the device's lock, see ``append(deciding:)``) and the facade's queries
/// in PostgreSQL's SQL, each over the rows of ``device`` only.
///
/// ```swift
/// let backend = try await PostgresBackend.open(url: "postgres://sheetlog@127.0.0.1/fleet", device: "ipad-7")
/// let drafts = try await backend.recoverableDrafts()
/// ```
package final class PostgresBackend: SheetLogBackend, Sendable {
    /// The fleet holds no subjects' keys: sealed values read as withheld.
    package var subjectKeys: any SubjectKeys { NoSubjectKeys() }

    /// None: a device's log in the fleet store comes without its master key.
    package func subjectsWithKeys() async throws -> [String] { [] }

    /// The state the device's base carries for `session`, when the device started in the fleet at
    /// a base (fleet migration 0010). The fleet prunes nothing itself (its retention is a later
    /// question), and a base records no session the device's prunes removed whole: none reads as pruned.
    package func base(of session: String) async throws -> SessionBase? {
        try await store.reading("pruning") { client in
            try await client.withConnection { connection in try await store.carriedState(of: session, connection) }
        }.map { .carried($0) }
    }

    package func logBase() async throws -> LogBase? {
        try await store.reading("log base") { client in
            try await client.withConnection { connection in try await store.storedBase(connection) }
        }
    }

    /// The base the device started at, its carried values as the fleet holds them (withheld for a sealed device).
    package func baseImage() async throws -> LogBaseImage? {
        try await store.reading("base image") { client in
            try await client.withConnection { connection in try await store.baseImage(connection) }
        }
    }

    /// A device's log in the fleet arrives by import or push, from its first kept position.
    package func installBase(_ image: LogBaseImage) async throws -> Bool {
        throw SheetLogError(
            .invalidInput, "a base is installed into a SQLite file; the fleet store takes a device's log by import or push",
            context: .init(position: image.cutPosition, operation: "installing a base"))
    }

    /// Nothing to settle: a fleet store holds no subject keys, so nothing of it is ever erased here.
    package func settleErasure() async throws -> Bool { true }

    /// The device's log underneath. Writing to it directly skips every rule of the sheets: for tests and tools.
    package let store: PostgresEventStore
    /// The current epoch (see ``LogEpoch``): a new one after a rebuild and after an unknown COMMIT outcome.
    let epoch: LockedBox<LogEpoch>

    private static let lastSerial = LockedBox<UInt64>(0)

    private init(store: PostgresEventStore) {
        self.store = store
        let serial = Self.lastSerial.withLock { last in
            last += 1
            return last
        }
        epoch = LockedBox(LogEpoch(store: serial, number: 0))
    }

    /// Connects to the database at `url`, migrates it, and returns the backend of `device`'s log
    /// (see ``PostgresEventStore/open(url:device:limits:clock:sheetProjections:)`` for what it throws).
    package static func open(
        url: String, device: String, limits: InputLimits = .default, clock: any SheetLogClock = WallClock()
    ) async throws -> PostgresBackend {
        PostgresBackend(store: try await PostgresEventStore.open(url: url, device: device, limits: limits, clock: clock, sheetProjections: true))
    }

    /// The backend of `device`'s log on the fleet reader's connection pool, without connecting or
    /// migrating again (the reader did both): what a viewer over every device opens per device.
    package static func open(
        device: String, on fleet: PostgresFleetReader, limits: InputLimits = .default, clock: any SheetLogClock = WallClock()
    ) throws -> PostgresBackend {
        PostgresBackend(store: try PostgresEventStore.onSharedClient(
            fleet.client, location: fleet.location, device: device, limits: limits, clock: clock, sheetProjections: true))
    }

    /// The device whose log this backend reads and appends to.
    package var device: String { store.device }

    /// Starts a new epoch: marks taken before it never equal one taken after.
    func newEpoch() {
        epoch.withLock { $0 = LogEpoch(store: $0.store, number: $0.number + 1) }
    }

    package var projectionNames: [String] { ["sheets"] }

    package func close() throws {
        store.close()
    }
}
