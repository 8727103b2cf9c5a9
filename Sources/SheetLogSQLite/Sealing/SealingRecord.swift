import GRDB
import SheetLogCore

/// The `sealing` row (migration 0010) of a sealed database; none in a plain one.
package struct SealingRecord: Sendable, Hashable {
    package var keyCheck: String
    package var defaultSubject: String

    /// What a database created by a handle that named no default subject records.
    package static let unnamedDefaultSubject = "default"

    /// The row, nil for a plain database (also one whose file predates 0010, opened for reading).
    ///
    /// `migrated`: the connection's file carries 0010 (a writer's always does), so the table is not
    /// looked up first: an append reads one cached statement's row, nothing more.
    package static func read(in db: Database, migrated: Bool = false) throws -> SealingRecord? {
        if !migrated, try !db.tableExists("sealing") { return nil }
        let statement = try db.cachedStatement(sql: "SELECT key_check, default_subject FROM sealing WHERE id = 1")
        return try Row.fetchOne(statement).map { SealingRecord(keyCheck: $0[0], defaultSubject: $0[1]) }
    }

    /// Refuses a master key other than the one the database is sealed with.
    package func requireMatching(_ master: MasterKey, at location: String) throws {
        guard master.check == keyCheck else {
            throw SheetLogError(
                .wrongKey,
                "the master key given (check \(master.check)) is not the one \(location) is sealed with (check \(keyCheck)); nothing was written",
                context: .init(operation: "open"))
        }
    }

    static func notSealed(at location: String) -> SheetLogError {
        SheetLogError(
            .notSealed,
            "\(location) holds a plain log (its events were recorded without a key), so its values are not sealed: open it without a key, or move its log into a sealed database (README, Privacy)",
            context: .init(operation: "open"))
    }

    static func keyUnavailable(at location: String) -> SheetLogError {
        SheetLogError(
            .keyUnavailable, "\(location) is sealed: give its master key (--key-file FILE or SHEETLOG_KEY_FILE)",
            context: .init(operation: "open"))
    }
}
