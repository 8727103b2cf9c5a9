import SheetLogCore
import SheetLogPostgres
import SheetLogServer

/// What `serve --postgres` collects with: the fleet store's tokens and access log, and each device's event store on
/// the fleet's one connection pool, the most recently pushing ``capacity`` kept (their fold caches
/// make the next batch of a session cheaper); a dropped store is opened again on demand.
package actor FleetCollector: PushCollector {
    static let capacity = 1_024

    package let fleet: PostgresFleetReader
    package nonisolated let tokens: PostgresTokenStore
    package nonisolated let reveals: PostgresRevealLog
    /// Most recently used last.
    private var stores: [String: (store: PostgresEventStore, used: UInt64)] = [:]
    private var uses: UInt64 = 0

    package init(fleet: PostgresFleetReader) {
        self.fleet = fleet
        tokens = PostgresTokenStore.on(fleet)
        reveals = PostgresRevealLog.on(fleet)
    }

    /// How long a token lookup may wait for PostgreSQL: the connection pool queues a request while
    /// the server is down and never fails it, so without a bound a push would wait for as long as
    /// the outage (and the device's HTTP client would time out instead of hearing `503`).
    static let lookupDeadline: Duration = .seconds(5)
    /// How long a batch's transaction may take, its wait for the device's lock included.
    static let storeDeadline: Duration = .seconds(30)

    package nonisolated func credential(of token: String) async throws -> FleetCredential? {
        try await Deadline.within(Self.lookupDeadline, "token check") { [tokens] in try await tokens.credential(of: token) }
    }

    package nonisolated func recordReveal(reader: String, device: String, session: String) async throws -> RevealRecord {
        try await Deadline.within(Self.lookupDeadline, "reveal") { [reveals] in try await reveals.record(reader: reader, device: device, session: session) }
    }

    package nonisolated func revealRecord(id: Int64) async throws -> RevealRecord? {
        try await Deadline.within(Self.lookupDeadline, "reveal check") { [reveals] in try await reveals.record(id: id) }
    }

    package nonisolated func revealRecords(limit: Int, before: Int64?) async throws -> [RevealRecord] {
        try await Deadline.within(Self.lookupDeadline, "access log") { [reveals] in try await reveals.records(limit: limit, before: before) }
    }

    package nonisolated func storePushed(_ events: [RecordedEvent], device: String) async throws -> PushStoreOutcome {
        let store = try await store(of: device)
        return try await Deadline.within(Self.storeDeadline, "push") { try await store.storePushed(events) }
    }

    private func store(of device: String) throws -> PostgresEventStore {
        uses += 1
        if let entry = stores[device] {
            stores[device] = (entry.store, uses)
            return entry.store
        }
        let store = try fleet.store(ofDevice: device)
        if stores.count >= Self.capacity, let oldest = stores.min(by: { $0.value.used < $1.value.used })?.key {
            stores[oldest] = nil
        }
        stores[device] = (store, uses)
        return store
    }
}
