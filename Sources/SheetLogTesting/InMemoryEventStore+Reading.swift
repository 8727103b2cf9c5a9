import SheetLogCore

extension InMemoryEventStore {
    @concurrent
    public func readStream(
        _ stream: String, after: Int64, through: Int64?, limit: Int?, descending: Bool
    ) async throws -> [RecordedEvent] {
        try Self.checkLimit(limit, operation: "readStream", stream: stream)
        return withState { state in
            let positions = state.log.positions(of: stream, after: after, through: through)
            let ordered: [Int64] = descending ? positions.reversed() : Array(positions)
            return ordered.prefix(limit ?? Int.max).compactMap { state.log.event(at: $0) }
        }
    }

    @concurrent
    public func readAll(after: Int64, through: Int64?, limit: Int?, types: Set<String>?) async throws -> [RecordedEvent] {
        try Self.checkLimit(limit, operation: "readAll", stream: nil)
        return withState { state in
            let range = state.log.events(after: after, through: through)
            let matching = range.lazy.filter { types?.contains($0.type) ?? true }
            return Array(matching.prefix(limit ?? Int.max))
        }
    }

    @concurrent
    public func events(withIDs ids: [String]) async throws -> [RecordedEvent] {
        withState { state in
            Set(ids).compactMap { state.log.event(withID: $0) }.sorted { $0.position < $1.position }
        }
    }

    /// A negative limit is a caller's mistake, not a request for everything.
    private static func checkLimit(_ limit: Int?, operation: String, stream: String?) throws(SheetLogError) {
        guard let limit, limit < 0 else { return }
        throw SheetLogError(
            .invalidInput, "limit \(limit) of \(operation) is negative",
            context: .init(stream: stream, operation: operation, limit: limit))
    }
}
