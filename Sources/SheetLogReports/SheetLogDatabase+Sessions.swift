import SheetLog

extension SheetLogDatabase {
    /// The version of `session`; throws ``SheetLogError/Code/notFound`` ("no session S") when it
    /// has no event, so that every command that names a session refuses an unknown one alike.
    package func requireSession(_ session: String, operation: String) async throws -> Int64 {
        let version = try await streamVersion(session)
        if version == 0 {
            throw SheetLogError(.notFound, "no session \(session)", context: .init(stream: session, operation: operation))
        }
        return version
    }
}
