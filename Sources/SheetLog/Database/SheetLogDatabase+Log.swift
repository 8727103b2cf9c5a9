/// The reads of the log the `sheetlog` commands need beside the public API, without handing them
/// the backend (whose `append` skips the sheets' rules).
extension SheetLogDatabase {
    /// The stored events with these ids, in position order: what the CLI looks up to tell a line
    /// already stored, and whether a line whose COMMIT failed was stored after all.
    package func events(withIDs ids: [String]) async throws -> [RecordedEvent] {
        try await backend.events(withIDs: ids)
    }

    /// The position of the log's last event, 0 when it is empty.
    package func lastPosition() async throws -> Int64 {
        try await backend.lastPosition()
    }

    /// The version of `session`: its number of events, 0 when it has none.
    package func streamVersion(_ session: String) async throws -> Int64 {
        try await backend.streamVersion(session)
    }
}
