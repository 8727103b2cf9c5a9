import GRDB
import SheetLogCore

/// Reads the log in position order, a chunk at a time, inside a transaction that is already open:
/// what a projection rebuild iterates.
///
/// ```swift
/// try log.forEachChunk { events in try projection.apply(events, in: db) }
/// ```
public struct EventLogReader {
    /// The open database access the events are read from.
    public let db: Database
    /// How many events each chunk holds at most.
    public var chunkSize: Int

    public init(db: Database, chunkSize: Int = 1_000) {
        self.db = db
        self.chunkSize = max(1, chunkSize)
    }

    /// At most `limit` events with a position after `position`, in position order.
    public func events(after position: Int64, limit: Int) throws -> [RecordedEvent] {
        try SQLiteEventStore.readAll(in: db, after: position, through: nil, limit: max(0, limit), types: nil)
    }

    /// Calls `body` with every event of the log, in position order, in chunks of ``chunkSize``.
    public func forEachChunk(after position: Int64 = 0, _ body: ([RecordedEvent]) throws -> Void) throws {
        var cursor = position
        while true {
            let chunk = try events(after: cursor, limit: chunkSize)
            if chunk.isEmpty { return }
            try body(chunk)
            cursor = chunk[chunk.count - 1].position
            if chunk.count < chunkSize { return }
        }
    }
}
