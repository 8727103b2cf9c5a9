import GRDB
import SheetLogSQLite
import SheetLogStoreConformance
import SheetLogCore
import Testing

/// Every store the conformance suite runs against.
enum StoreKind: String, CaseIterable, CustomTestStringConvertible {
    case sqliteMemory
    case sqliteFile

    var testDescription: String { rawValue }

    /// Fresh, empty stores of this kind, for ``StoreConformance``'s checks.
    var factory: StoreFactory {
        StoreFactory { limits in try await makeStore(self, limits: limits) }
    }
}

/// A fresh, empty store of `kind` on a `ManualClock`, with `limits` enforced on every append.
func makeStore(_ kind: StoreKind, limits: InputLimits = .default) async throws -> StoreFixture {
    let clock = ManualClock()
    switch kind {
    case .sqliteMemory:
        let store = try SQLiteEventStore.inMemory(configuration: .init(limits: limits, clock: clock))
        return StoreFixture(store: store, clock: clock, tamper: sqliteTamper(store))
    case .sqliteFile:
        var fixture = try await StoreFixture.onFile(clock: clock) { path in
            try SQLiteEventStore(path: path, configuration: .init(limits: limits, clock: clock))
        }
        if let store = fixture.store as? SQLiteEventStore { fixture.tamper = sqliteTamper(store) }
        return fixture
    }
}

/// Edits a stored event the way an attacker with the `sqlite3` shell would: drop the trigger, update.
private func sqliteTamper(_ store: SQLiteEventStore) -> @Sendable (Int64, StoredChange) async throws -> Void {
    { position, change in
        try await store.writer.write { db in
            try db.execute(sql: "DROP TRIGGER IF EXISTS events_refuse_update")
            let update = change.update(at: position)
            try db.execute(sql: update.sql, arguments: update.arguments)
        }
    }
}
