import SheetLog

extension SheetLogDatabase {
    /// The replay of `session` through the version `point` names (all of it when nil), as `replay`
    /// commands print it: ``SheetLogError/Code/notFound`` for an unknown session, a version past its
    /// end and a time before its first event (``version(of:at:label:operation:)``).
    package func replaySteps(_ session: String, at point: ReplayPoint?, operation: String) async throws -> [ReplayStep] {
        guard let point else {
            _ = try await requireSession(session, operation: operation)
            return try await replay(session, through: nil)
        }
        return try await replay(session, through: try await version(of: session, at: point, label: "--at", operation: operation))
    }
}
