import SheetLog
import SheetLogCore
import SheetLogPostgres
import SheetLogStorage

extension ImportCommand {
    /// A pruned file's carried states are not covered by its integrity chain. Before a device new to
    /// the fleet starts at them, the file's own read models must equal a rebuild from its base and
    /// its kept events (`sheetlog verify`'s projections check): a carried state or a row edited in
    /// the file is refused with ``SheetLogError/Code/integrityViolation``, naming the table and row,
    /// and nothing is imported. A sealed file opened without its master key cannot be rebuilt and
    /// goes on: its carried values reach the fleet as withheld markers.
    static func requireConsistentBase(of file: String, for store: PostgresEventStore, base: LogBaseImage?) async throws {
        guard base != nil, try await store.lastPosition() == 0 else { return }
        let database = try SheetLogDatabase.openForReading(path: file)
        defer { try? database.close() }
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
