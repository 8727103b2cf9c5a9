import SheetLogCore
import SheetLogDomain
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
    package nonisolated let sharedKeys: PostgresSharedKeys
    package nonisolated let enrolments: PostgresEnrolments
    package nonisolated let sessions: PostgresReaderSessions
    /// The key pair devices share their subjects' keys for; nil takes no keys.
    private nonisolated let collectorKey: CollectorKey?
    /// Most recently used last.
    private var stores: [String: (store: PostgresEventStore, used: UInt64)] = [:]
    private var uses: UInt64 = 0

    /// `clock` tells when a viewer sign-in session has ended (idle, or too old).
    package init(fleet: PostgresFleetReader, collectorKey: CollectorKey? = nil, clock: any SheetLogClock = WallClock()) {
        self.fleet = fleet
        tokens = PostgresTokenStore.on(fleet)
        reveals = PostgresRevealLog.on(fleet)
        sharedKeys = PostgresSharedKeys.on(fleet)
        enrolments = PostgresEnrolments.on(fleet)
        sessions = PostgresReaderSessions.on(fleet, clock: clock)
        self.collectorKey = collectorKey
    }

    package nonisolated var collectorPublicKey: CollectorPublicKey? { collectorKey?.publicKey }

    /// Each key is opened before anything is stored: a key this collector cannot open (wrapped for
    /// another collector key, another device, or altered) refuses the request, which would otherwise
    /// replace a good key with one no reveal can use.
    package nonisolated func storeSharedKeys(_ keys: [SharedSubjectKey], device: String) async throws -> (stored: Int, erased: [String]) {
        if let collectorKey {
            for (index, key) in keys.enumerated() {
                do {
                    _ = try collectorKey.open(key, device: device)
                } catch {
                    throw SheetLogError(
                        .invalidInput,
                        "shared keys: key \(index) (subject \(key.subject)) does not open with this collector's key: it was wrapped for another collector key (a stale --collector-key?), for another device, or altered; nothing was stored",
                        context: .init(operation: "share keys"))
                }
            }
        }
        let outcome = try await Deadline.within(Self.storeDeadline, "share keys") { [sharedKeys] in try await sharedKeys.store(keys, device: device) }
        return (outcome.stored, outcome.erased)
    }

    /// A subject's key as the collector holds it, to show a revealed session: opened with the
    /// collector's private key; erased when erased on the collector or by the device; withheld when
    /// the device shared none, or the collector has no key pair.
    package nonisolated func subjectKey(device: String, subject: String) async throws -> SubjectKey {
        let held = try await Deadline.within(Self.lookupDeadline, "open shared key") { [sharedKeys] in
            try await sharedKeys.key(device: device, subject: subject)
        }
        switch held {
        case .erased: return .erased
        case .none: return .withheld
        case .shared(let shared):
            // A key stored before the collector's key pair was replaced opens no more: sealed, not a failure.
            guard let collectorKey, let key = try? collectorKey.open(shared, device: device) else { return .withheld }
            return .available(key)
        }
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

    package nonisolated func startSession(token: String) async throws -> String? {
        try await Deadline.within(Self.lookupDeadline, "sign in") { [sessions] in try await sessions.start(token: token) }
    }

    package nonisolated func sessionCredential(id: String) async throws -> FleetCredential? {
        try await Deadline.within(Self.lookupDeadline, "session check") { [sessions] in try await sessions.credential(ofSession: id) }
    }

    package nonisolated func endSession(id: String) async throws {
        try await Deadline.within(Self.lookupDeadline, "sign out") { [sessions] in try await sessions.end(id) }
    }

    package nonisolated func enrol(enrolmentToken: String, device: String) async throws -> EnrolmentOutcome {
        try await Deadline.within(Self.lookupDeadline, "enrol") { [enrolments] in
            try await enrolments.enrol(enrolmentToken: enrolmentToken, device: device)
        }
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
