import SheetLog
import SheetLogFleet
import SheetLogPostgres

/// The devices' databases `serve --postgres` reads, all on the one connection pool of `fleet`, the
/// most recently used kept open (an LRU of ``capacity``).
///
/// One pool per device would exhaust PostgreSQL's `max_connections` in a fleet of a thousand devices;
/// on the shared pool a device's database holds no connection of its own, only its caches, so the
/// bound is about memory: 64 devices browsed at once is more than a person clicks through, and a
/// device dropped from the cache is simply opened again (no connect, no migration). A dropped
/// database is not closed: a request may still be reading it, and it owns nothing to release.
actor FleetDatabases {
    static let capacity = 64

    let fleet: PostgresFleetReader
    /// Most recently used last.
    private var open: [(device: String, database: SheetLogDatabase)] = []

    init(fleet: PostgresFleetReader) {
        self.fleet = fleet
    }

    /// Every device with at least one event, in device order.
    func devices() async throws -> [String] {
        try await fleet.devices().map(\.device)
    }

    /// The database of `device`, nil when the fleet holds no event of it.
    func database(of device: String) async throws -> SheetLogDatabase? {
        if let index = open.firstIndex(where: { $0.device == device }) {
            let entry = open.remove(at: index)
            open.append(entry)
            return entry.database
        }
        guard try await fleet.hasDevice(device) else { return nil }
        // Another request may have opened it while this one looked the device up.
        if let entry = open.first(where: { $0.device == device }) { return entry.database }
        let database = try SheetLogDatabase.openFleet(on: fleet, device: device)
        open.append((device, database))
        if open.count > Self.capacity { open.removeFirst() }
        return database
    }
}
