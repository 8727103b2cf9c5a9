import SheetLog

extension SheetLogDatabase {
    /// The replay of `session` through `version` (all of it when nil), as `replay` commands print it:
    /// ``SheetLogError/Code/notFound`` for an unknown session and for a version past its end.
    package func replaySteps(_ session: String, through version: Int64?, operation: String) async throws -> [ReplayStep] {
        let versions = try await requireSession(session, operation: operation)
        if let version, version > versions {
            throw SheetLogError(
                .notFound, "session \(session) has \(versions) \(versions == 1 ? "version" : "versions"); --at \(version) is past its end",
                context: .init(stream: session, actualVersion: versions, operation: operation))
        }
        return try await replay(session, through: version)
    }
}
