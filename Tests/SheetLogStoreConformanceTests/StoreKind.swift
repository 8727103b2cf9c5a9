import SheetLogSQLite
import SheetLogTesting
import Testing

/// Every store the conformance suite runs against.
enum StoreKind: String, CaseIterable, CustomTestStringConvertible {
    case inMemory
    // case sqliteMemory, sqliteFile

    var testDescription: String { rawValue }

    /// The kinds whose stored events a test can overwrite behind the store's back.
    static var tamperable: [StoreKind] { allCases.filter { $0 == .inMemory } }
}

/// A fresh, empty store of `kind` on a `ManualClock`, with `limits` enforced on every append.
func makeStore(_ kind: StoreKind, limits: InputLimits = .default) async throws -> StoreFixture {
    let clock = ManualClock()
    switch kind {
    case .inMemory:
        let store = InMemoryEventStore(limits: limits, clock: clock)
        return StoreFixture(store: store, clock: clock, tamperPayload: { try store.tamperPayload(at: $0, with: $1) })
    // SQLite stores, enabled by the lead at merge together with the two cases of `StoreKind` above:
    // case .sqliteMemory: return StoreFixture(store: try SQLiteEventStore.inMemory(configuration: .init(limits: limits, clock: clock)), clock: clock)
    // case .sqliteFile: return try StoreFixture.onFile(clock: clock) { path in try SQLiteEventStore(path: path, configuration: .init(limits: limits, clock: clock)) }
    }
}
