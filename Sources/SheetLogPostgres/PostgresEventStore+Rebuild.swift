import SheetLogDomain
import PostgresNIO
import SheetLogCore
import SheetLogProjections

extension PostgresEventStore {
    /// Drops the device's rows of `sessions`, `presentations` and `dismissals` and writes them again
    /// from its events, in one transaction under the device's lock (no event of the device is
    /// appended meanwhile; other devices append on), with the rebuild every backend shares
    /// (`PipelinedEventScan`, `RebuildRows`). Other devices' rows are not touched.
    ///
    /// Throws the codec's error (`undecodableEvent`) for an event the domain refuses: nothing changes.
    @concurrent
    public func rebuildSheetProjections() async throws {
        try await inTransaction("rebuild") { [self] connection in
            try await lockDevice(connection)
            try await writeRebuiltRows(connection)
        }
    }

    /// Deletes the device's read-model rows and writes them again from its events (and the sessions
    /// its base carries, when it started at one), in the caller's
    /// transaction, into whichever `dismissals`, `presentations` and `sessions` the connection's
    /// search path finds first (verify's temporary copies shadow the tables).
    func writeRebuiltRows(_ connection: PostgresConnection) async throws {
        let chunks = try await rawChunks(connection)
        let carried = try await carriedSessions(connection)
        var next = 0
        // The fleet holds no subjects' keys: sealed values are folded as withheld (stored as the stand-in `[sealed]`).
        let folded = try PipelinedEventScan.fold(keys: NoSubjectKeys(), carried: carried) { capacity in
            defer { next += 1 }
            return next < chunks.count ? chunks[next] : RawEventChunk(capacity: capacity)
        }
        for table in ["dismissals", "presentations", "sessions"] {
            try await connection.query(
                PostgresQuery(unsafeSQL: "DELETE FROM \(table) WHERE device = $1", binds: { var binds = PostgresBindings(); binds.append(device); return binds }()),
                logger: logger)
        }
        let writer = SheetRowWriter(device: device)
        try await connection.run(writer.insert(folded.dismissals), logger: logger)
        var rows = RebuildRows(folded.sessions)
        var presentations: [PresentationRow] = []
        var sessions: [SessionRow] = []
        // Written a few thousand at a time: RebuildRows makes the rows one session at a time so that a
        // long log's rows are never all in memory at once.
        while let (sessionPresentations, session) = rows.next() {
            presentations += sessionPresentations
            if let session { sessions.append(session) }
            if presentations.count >= 5_000 || sessions.count >= 5_000 {
                try await connection.run(writer.upsert(presentations) + writer.upsert(sessions), logger: logger)
                presentations.removeAll(keepingCapacity: true)
                sessions.removeAll(keepingCapacity: true)
            }
        }
        try await connection.run(writer.upsert(presentations) + writer.upsert(sessions), logger: logger)
    }

    /// The device's events as rebuild's scan reads them: chunks of exactly `PipelinedEventScan.chunkRows`
    /// rows but the last (the scan takes a short chunk as the end of the log).
    private func rawChunks(_ connection: PostgresConnection) async throws -> [RawEventChunk] {
        let size = PipelinedEventScan.chunkRows
        var chunks: [RawEventChunk] = []
        var after: Int64 = 0
        while true {
            var chunk = RawEventChunk(capacity: size)
            let rows = try await connection.query("""
                SELECT position, stream, version, type, schema_version, payload, coalesce(occurred_at, recorded_at)
                FROM events WHERE device = \(device) AND position > \(after) ORDER BY position LIMIT \(Int64(size))
                """, logger: logger)
            for try await (position, stream, version, type, schemaVersion, payload, occurredAt)
                in rows.decode((Int64, String, Int64, String, Int, String, Int64).self) {
                var (stream, type, payload) = (stream, type, payload)
                stream.withUTF8 { stream in
                    type.withUTF8 { type in
                        payload.withUTF8 { payload in
                            chunk.append(
                                position: position, version: version, type: type, schemaVersion: schemaVersion,
                                occurredAt: occurredAt, stream: stream, payload: payload)
                        }
                    }
                }
                after = position
            }
            let isLast = chunk.rows.count < size
            chunks.append(chunk)
            if isLast { return chunks }
        }
    }
}
