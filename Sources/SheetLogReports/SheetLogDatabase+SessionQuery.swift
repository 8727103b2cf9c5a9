import SheetLog

extension SheetLogDatabase {
    /// The sessions of ``sessionActivity()`` that `query` matches, in the order of their first event:
    /// what `sheetlog sessions` lists, and the viewer's list before its search and paging.
    ///
    /// Only `query.subject` reads the log: one event (the first) of each session the other filters kept.
    package func sessionActivity(matching query: SessionQuery) async throws -> [SessionActivity] {
        let matching = try await sessionActivity().filter(query.matches)
        guard let subject = query.subject else { return matching }
        var kept: [SessionActivity] = []
        for activity in matching {
            let first = try await backend.readStream(activity.session, after: 0, through: 1, limit: 1, descending: false).first
            if let first, SheetEventCodec.subject(schemaVersion: first.schemaVersion, payload: first.payload) == subject {
                kept.append(activity)
            }
        }
        return kept
    }
}
