import PostgresNIO
import SheetLogCore

extension PostgresEventStore {
    @concurrent
    public func readStream(
        _ stream: String, after: Int64, through: Int64?, limit: Int?, descending: Bool
    ) async throws -> [RecordedEvent] {
        if let limit, limit <= 0 { return [] }
        if !Self.storable(stream) { return [] }
        let through = through ?? Int64.max
        let limit = Int64(limit ?? Int.max)
        return try await reading("readStream") { client in
            let rows = descending
                ? try await client.query("""
                    SELECT \(unescaped: Self.eventColumns) FROM events
                    WHERE device = \(device) AND stream = \(stream) AND version > \(after) AND version <= \(through)
                    ORDER BY version DESC LIMIT \(limit)
                    """, logger: logger)
                : try await client.query("""
                    SELECT \(unescaped: Self.eventColumns) FROM events
                    WHERE device = \(device) AND stream = \(stream) AND version > \(after) AND version <= \(through)
                    ORDER BY version LIMIT \(limit)
                    """, logger: logger)
            return try await Self.decodeEvents(rows)
        }
    }

    @concurrent
    public func readAll(after: Int64, through: Int64?, limit: Int?, types: Set<String>?) async throws -> [RecordedEvent] {
        if let limit, limit <= 0 { return [] }
        let through = through ?? Int64.max
        let limit = Int64(limit ?? Int.max)
        return try await reading("readAll") { client in
            let rows: PostgresRowSequence
            if let types {
                rows = try await client.query("""
                    SELECT \(unescaped: Self.eventColumns) FROM events
                    WHERE device = \(device) AND position > \(after) AND position <= \(through) AND type = ANY(\(types.sorted()))
                    ORDER BY position LIMIT \(limit)
                    """, logger: logger)
            } else {
                rows = try await client.query("""
                    SELECT \(unescaped: Self.eventColumns) FROM events
                    WHERE device = \(device) AND position > \(after) AND position <= \(through)
                    ORDER BY position LIMIT \(limit)
                    """, logger: logger)
            }
            return try await Self.decodeEvents(rows)
        }
    }

    @concurrent
    public func events(withIDs ids: [String]) async throws -> [RecordedEvent] {
        let ids = ids.filter(Self.storable)
        guard !ids.isEmpty else { return [] }
        return try await reading("events(withIDs:)") { client in
            try await client.withConnection { connection in try await events(withIDs: ids, connection) }
        }
    }

    @concurrent
    public func lastPosition() async throws -> Int64 {
        try await reading("lastPosition") { client in
            let rows = try await client.query(
                "SELECT coalesce(max(position), 0)::bigint FROM events WHERE device = \(device)", logger: logger)
            for try await (last) in rows.decode(Int64.self) { return last }
            return 0
        }
    }

    @concurrent
    public func streamVersion(_ stream: String) async throws -> Int64 {
        if !Self.storable(stream) { return 0 }
        return try await reading("streamVersion") { client in
            try await client.withConnection { connection in try await streamVersion(stream, connection) }
        }
    }

    /// Whether PostgreSQL's text can hold `identifier`: no NUL, which the input limits refuse on every
    /// append too, so an id with one names nothing stored (and is not sent, which PostgreSQL would refuse).
    static func storable(_ identifier: String) -> Bool {
        !identifier.utf8.contains(0)
    }

    /// Recomputes the device's chain from genesis (from its base's chain, when it started at one),
    /// each event under its own rule, a chunk at a time, and stops at the first stored link that breaks it.
    @concurrent
    public func verifyChain() async throws -> ChainVerification {
        let base = try await reading("verifyChain") { client in
            try await client.withConnection { connection in try await storedBase(connection) }
        }
        var walk = base.map { ChainWalk(base: $0.chain) } ?? ChainWalk()
        var after: Int64 = base?.cutPosition ?? 0
        while true {
            try Task.checkCancellation()
            let chunk = try await readAll(after: after, through: nil, limit: 5_000, types: nil)
            guard let last = chunk.last else { return walk.intact }
            for event in chunk {
                if let broken = walk.check(event) { return broken }
            }
            after = last.position
        }
    }

    /// Every event after `position`, then each new one as it commits, found by polling (the device's
    /// writers commit in position order under its lock, so a poll never skips one).
    public func subscribe(after position: Int64) -> AsyncThrowingStream<RecordedEvent, any Error> {
        AsyncThrowingStream { continuation in
            let task = Task {
                var last = position
                do {
                    while !Task.isCancelled {
                        let events = try await readAll(after: last, through: nil, limit: 1_000, types: nil)
                        for event in events { continuation.yield(event) }
                        if let newest = events.last {
                            last = newest.position
                        } else {
                            try await Task.sleep(for: .milliseconds(10))
                        }
                    }
                    continuation.finish()
                } catch is CancellationError {
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }
}
