extension SheetLogDatabase {
    /// Counts of events, sessions and drafts, and the size on disk.
    @concurrent
    public func stats() async throws -> Statistics {
        try await backend.statistics()
    }
}
