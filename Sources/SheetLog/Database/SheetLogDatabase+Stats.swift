extension SheetLogDatabase {
    /// Counts of events, sessions and drafts, the size on disk, and where the kept log begins when it was pruned.
    @concurrent
    public func stats() async throws -> Statistics {
        try await backend.statistics().pruned(to: backend.logBase())
    }
}
