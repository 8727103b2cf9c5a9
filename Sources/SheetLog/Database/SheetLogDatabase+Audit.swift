extension SheetLogDatabase {
    /// The dismissals matching `query`, in log order (the `dismissals` table).
    @concurrent
    public func audit(_ query: AuditQuery = AuditQuery()) async throws -> [DismissalRecord] {
        try await dismissals(query, .all)
    }

    /// Dismissals whose unsaved changes were thrown away after the user confirmed Discard Changes.
    @concurrent
    public func dismissalsThatDiscardedUnsavedData(_ query: AuditQuery = AuditQuery()) async throws -> [DismissalRecord] {
        try await dismissals(query, .discardedUnsavedData)
    }

    /// Dirty drafts that left the screen without Save or a confirmed discard: `forced` by code, or
    /// `dismissed` under a `never` guard. Their drafts stay recoverable as abandoned.
    @concurrent
    public func draftsForcedOffScreen(_ query: AuditQuery = AuditQuery()) async throws -> [DismissalRecord] {
        try await dismissals(query, .forcedOffScreen)
    }

    private func dismissals(_ query: AuditQuery, _ selection: DismissalSelection) async throws -> [DismissalRecord] {
        if let limit = query.limit, limit < 0 {
            throw SheetLogError(.invalidInput, "audit limit \(limit) is negative", context: .init(operation: "audit", limit: limit))
        }
        return try await backend.dismissals(matching: query, selection)
    }
}
