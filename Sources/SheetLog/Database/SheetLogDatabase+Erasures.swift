extension SheetLogDatabase {
    /// Who erased whose data, and when: every erasure of a subject in log order (the `eraseSubject`
    /// events of the `$erasures` stream), with who asked, the erasure's own time (which a copy made
    /// by `export | ingest` keeps), how many of the subject's sessions now read as `[erased]`, the
    /// open sessions it closed, and whether the subject's key is gone. Reads no value: a database
    /// opened without its master key answers it in full.
    ///
    /// ```swift
    /// for erasure in try await database.erasures() {
    ///     print(erasure.subject, erasure.requestedBy, erasure.closedSessions)
    /// }
    /// ```
    @concurrent
    public func erasures() async throws -> [ErasureRecord] {
        try await backend.erasures()
    }
}
