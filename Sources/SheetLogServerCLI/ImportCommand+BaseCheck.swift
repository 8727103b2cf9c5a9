import SheetLog
import SheetLogCore
import SheetLogPostgres
import SheetLogStorage

extension ImportCommand {
    /// A pruned file's carried states are not covered by its integrity chain. Before a device new to
    /// the fleet starts at them, the file's own read models must equal a rebuild from its base and
    /// its kept events (`sheetlog verify`'s projections check), and its append-only triggers must be
    /// as shipped (its append-only check): a carried state or a row edited in the file, or a file
    /// whose guards were dropped, is refused with ``SheetLogError/Code/integrityViolation``, naming
    /// what failed, and nothing is imported. A sealed file opened without its master key cannot be
    /// rebuilt and skips the first check: its carried values reach the fleet as withheld markers.
    /// An edit made consistent everywhere (the read models rebuilt after it, the triggers restored)
    /// cannot be told from the file alone: no chain covers a carried state.
    static func requireConsistentBase(of file: String, for store: PostgresEventStore, base: LogBaseImage?) async throws {
        guard base != nil, try await store.lastPosition() == 0 else { return }
        let database = try SheetLogDatabase.openForReading(path: file)
        defer { try? database.close() }
        let guards = try await database.backend.appendOnlyCheck()
        if !guards.passed { throw refusal("its append-only guards are not as shipped (\(guards.detail))") }
        let mismatches: [ProjectionMismatch]
        do {
            mismatches = try await database.backend.verifyProjections()
        } catch let error as SheetLogError where error.code == .keyUnavailable {
            return
        } catch let error as SheetLogError
                    where error.code == .undecodableEvent || error.code == .unsupportedSchemaVersion || error.code == .integrityViolation {
            throw refusal("its base and kept events do not rebuild (\(error.message))")
        }
        if let first = mismatches.first {
            throw refusal("its read models differ from a rebuild from its base and kept events (\(first.description)): its carried state or its rows were edited")
        }
    }

    private static func refusal(_ why: String) -> SheetLogError {
        SheetLogError(
            .integrityViolation,
            "the pruned file's base cannot start a device in the fleet: \(why); nothing was imported (`sheetlog verify` shows the same)",
            context: .init(operation: "import"))
    }
}
