import GRDB
import SheetLogDomain

/// Reads the whole log in position order on the database's thread and decodes its payloads on a
/// second one, a chunk or two ahead of the fold: rebuild's scan.
///
/// Decoding is a pure function of each row, so the events reach `body` in position order and
/// exactly as a sequential decode gives them, and a refused payload throws the error a sequential
/// decode would have thrown first. Only the database's thread touches SQLite and the fold.
enum PipelinedEventScan {
    /// Rows per chunk: large enough that handing a chunk over costs nothing per row, small enough
    /// that the decoding thread starts at once.
    static let chunkRows = 512

    /// Calls `body` with every event of the log, in position order: stream (and its number),
    /// position, version and the sheet event (nil for a type the domain does not know).
    static func forEachEvent(in db: Database, _ body: (RawEventChunk.Decoded) throws -> Void) throws {
        let statement = try db.makeStatement(sql: RawEventChunk.selectSQL)
        let rows = try Row.fetchCursor(statement)
        var decoding = WorkAhead<(events: [RawEventChunk.Decoded], error: SheetLogError?)>(
            label: "SheetLogProjections.rebuild-decode", depth: 2)
        let streams = StreamNumbers()
        var exhausted = false
        while !exhausted || !decoding.isEmpty {
            if !exhausted {
                var chunk = RawEventChunk(capacity: chunkRows)
                while chunk.rows.count < chunkRows, try rows.next() != nil {
                    chunk.append(from: statement.sqliteStatement)
                }
                exhausted = chunk.rows.count < chunkRows
                if !chunk.rows.isEmpty {
                    let rows = chunk
                    decoding.submit { rows.decoded(numbering: streams) }
                }
                // Read on while the decoding thread has room: the fold waits only at the end.
                if !exhausted && decoding.hasRoom { continue }
            }
            if decoding.isEmpty { continue }
            let decoded = decoding.next()
            for event in decoded.events { try body(event) }
            if let error = decoded.error { throw error }
        }
    }
}
