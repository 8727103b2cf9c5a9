import GRDB
import SheetLogProjections

/// Writes the rows of a rebuild into the tables ``SheetProjection/reset(in:)`` just emptied: one
/// plain INSERT per table, prepared once for the whole rebuild.
///
/// The inline path's ``SheetRowWriter`` looks its statements up in GRDB's cache on every row
/// (which hashes the long SQL text each time) and upserts, because its rows may exist; during a
/// rebuild no row exists, and each is written once. The columns and their values are the inline
/// writer's, column for column: `verify` compares the inline rows with a rebuild's.
struct RebuildRowWriter {
    private let insertSession: Statement
    private let insertPresentation: Statement
    private let insertDismissal: Statement

    init(db: Database) throws {
        insertSession = try db.makeStatement(sql: Self.insertSQL("sessions", SheetRowWriter.sessionColumns))
        insertPresentation = try db.makeStatement(sql: Self.insertSQL("presentations", SheetRowWriter.presentationColumns))
        insertDismissal = try db.makeStatement(sql: Self.insertSQL("dismissals", SheetRowWriter.dismissalColumns))
    }

    private static func insertSQL(_ table: String, _ columns: [String]) -> String {
        """
        INSERT INTO \(table) (\(columns.joined(separator: ", ")))
        VALUES (\(Array(repeating: "?", count: columns.count).joined(separator: ", ")))
        """
    }

    /// The rows of one session's presentations, in the order given (by id: inserting in key order
    /// appends to the b-tree instead of splitting pages all over it), then the session's row.
    func write(_ presentations: [PresentationRow], _ session: SessionRow?) throws {
        for row in presentations {
            try insertPresentation.execute { binder in SheetRowWriter.bind(row, to: &binder) }
        }
        if let session {
            try insertSession.execute { binder in SheetRowWriter.bind(session, to: &binder) }
        }
    }

    /// What ``SheetRowWriter/insertDismissal(_:)`` writes.
    func insertDismissal(_ row: DismissalRow) throws {
        try insertDismissal.execute { binder in SheetRowWriter.bind(row, to: &binder) }
    }
}
