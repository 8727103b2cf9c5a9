import GRDB
import SheetLogStorage

extension SQLiteBackend {
    /// SQLite's `PRAGMA integrity_check`: its first three findings when it finds any. It reads every
    /// page, so it runs on GRDB's reader queue and stops when its task is cancelled.
    package func integrityCheck() async throws -> VerificationReport.Check {
        let lines: [String]
        do {
            lines = try await store.readInBackground { db in try String.fetchAll(db, sql: "PRAGMA integrity_check") }
        } catch let error as DatabaseError {
            throw SheetLogError.storage(error, operation: "integrity_check")
        }
        let passed = lines == ["ok"]
        return .init(name: "integrity_check", passed: passed, detail: passed ? "ok" : lines.prefix(3).joined(separator: "; "))
    }

    /// ``SQLiteEventStore/verifyProjections()``: in a rolled-back transaction, or in a private copy
    /// of a file opened for reading only.
    ///
    /// Throws ``SheetLogError/Code/keyUnavailable`` for a sealed database read without its master key:
    /// its read models hold sealed values, which a rebuild can only write again with the keys.
    package func verifyProjections() async throws -> [ProjectionMismatch] {
        if store.configuration.keyRing == nil, try await readModels("verifyProjections", { db in try SealingRecord.read(in: db) != nil }) {
            throw SheetLogError(
                .keyUnavailable,
                "the read models of a sealed database are compared with a rebuild only with its master key (--key-file)",
                context: .init(operation: "verify"))
        }
        return try await store.verifyProjections()
    }

    package var projectionNames: [String] {
        store.configuration.sheets.map { [$0.name] } ?? []
    }

    package func rebuildProjections() async throws {
        try await store.rebuildProjections()
    }
}
