import SheetLog

extension SheetLogDatabase {
    /// The version of `session`; throws ``SheetLogError/Code/notFound`` ("no session S") when it
    /// has no event, so that every command that names a session refuses an unknown one alike.
    /// The log's own stream (`$erasures`) is refused as ``SheetLogError/Code/invalidInput``, naming
    /// where erasures are listed: it has events, but no sheets to audit, replay or export. A session
    /// a prune removed is refused as ``SheetLogError/Code/pruned``, naming the pruning and its date.
    package func requireSession(_ session: String, operation: String) async throws -> Int64 {
        if SubjectErasure.isLogStream(session) {
            throw SheetLogError(
                .invalidInput,
                "\(operation): \(session) holds the log's erasures, not a session; `sheetlog erasures` (and the viewer's Erasures page) lists them",
                context: .init(stream: session, operation: operation))
        }
        let version = try await streamVersion(session)
        if version == 0 {
            if case .pruned(let pruning) = try await backend.base(of: session) { throw pruning.error(operation: operation) }
            throw SheetLogError(.notFound, "no session \(session)", context: .init(stream: session, operation: operation))
        }
        return version
    }
}
