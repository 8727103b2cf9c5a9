import SheetLogCore

/// The log itself: ``PostgresEventStore``'s, as it is.
extension PostgresBackend {
    package func append(_ batches: [StreamBatch]) async throws -> AppendResult {
        try await store.append(batches)
    }

    package func readStream(
        _ stream: String, after: Int64, through: Int64?, limit: Int?, descending: Bool
    ) async throws -> [RecordedEvent] {
        try await store.readStream(stream, after: after, through: through, limit: limit, descending: descending)
    }

    package func readAll(after: Int64, through: Int64?, limit: Int?, types: Set<String>?) async throws -> [RecordedEvent] {
        try await store.readAll(after: after, through: through, limit: limit, types: types)
    }

    package func events(withIDs ids: [String]) async throws -> [RecordedEvent] {
        try await store.events(withIDs: ids)
    }

    package func lastPosition() async throws -> Int64 {
        try await store.lastPosition()
    }

    package func streamVersion(_ stream: String) async throws -> Int64 {
        try await store.streamVersion(stream)
    }

    package func subscribe(after position: Int64) -> AsyncThrowingStream<RecordedEvent, any Error> {
        store.subscribe(after: position)
    }

    package func verifyChain() async throws -> ChainVerification {
        try await store.verifyChain()
    }
}
