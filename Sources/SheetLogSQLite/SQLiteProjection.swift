import GRDB
import SheetLogCore

/// A read model kept in SQLite tables, updated inside every append's transaction so that a reader
/// never sees an event without its projection.
///
/// The log knows nothing of what a projection means; it hands over recorded events in position
/// order. Tables are created by a migration; the projection only fills them.
///
/// ```swift
/// struct CountsByType: SQLiteProjection {
///     let name = "countsByType"
///     let tables = ["type_counts"]
///     func apply(_ events: [RecordedEvent], in db: Database) throws {
///         for event in events {
///             try db.execute(sql: "INSERT INTO type_counts (type, count) VALUES (?, 1) ON CONFLICT (type) DO UPDATE SET count = count + 1",
///                            arguments: [event.type])
///         }
///     }
/// }
/// ```
public protocol SQLiteProjection: Sendable {
    /// A stable name, used in errors and in ``ProjectionMismatch``.
    var name: String { get }
    /// Tables this projection owns: compared by ``SQLiteEventStore/verifyProjections()`` and
    /// cleared by the default ``reset(in:)``.
    var tables: [String] { get }
    /// The columns of ``tables`` that hold JSON text, by table: ``SQLiteEventStore/verifyProjections()``
    /// compares them with a rebuild by JSON value rather than byte for byte (see
    /// `JSONValue.isSameValue(as:)`), so that a row written under an older spelling of the same value
    /// still verifies. By default, none: every column is compared byte for byte.
    var jsonColumns: [String: Set<String>] { get }
    /// Called inside the append transaction with the newly recorded events, in position order.
    /// Throwing rolls the append back.
    func apply(_ events: [RecordedEvent], in db: Database) throws
    /// Removes every row this projection wrote, before a rebuild. By default, deletes every row of ``tables``.
    func reset(in db: Database) throws
    /// Rebuilds from the whole log. By default, ``reset(in:)`` then ``apply(_:in:)`` on chunks of
    /// events in position order.
    func rebuild(from log: EventLogReader, in db: Database) throws
}

extension SQLiteProjection {
    public var jsonColumns: [String: Set<String>] { [:] }

    public func reset(in db: Database) throws {
        for table in tables {
            try db.execute(sql: "DELETE FROM \(table.quotedDatabaseIdentifier)")
        }
    }

    public func rebuild(from log: EventLogReader, in db: Database) throws {
        try reset(in: db)
        try log.forEachChunk { events in try apply(events, in: db) }
    }
}
