import SheetLogDomain
import SheetLogStorage
import SheetLogStoreConformance
import Testing

extension BackendConformance {
    /// Appends `batches` through the deciding append, as the facade does, and returns what was stored.
    @discardableResult
    static func append(_ batches: [StreamBatch], to backend: any SheetLogBackend) async throws -> AppendResult {
        try await backend.append { _ in DecidedAppend(batches: batches, plan: ()) }.result
    }

    /// Expects the backend to hold nothing: no event, no session, no dismissal, no draft.
    static func expectEmpty(_ backend: any SheetLogBackend, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        #expect(try await backend.lastPosition() == 0, sourceLocation: sourceLocation)
        #expect(try await backend.sessions().isEmpty, sourceLocation: sourceLocation)
        #expect(try await backend.dismissals(matching: AuditQuery(), .all).isEmpty, sourceLocation: sourceLocation)
        #expect(try await backend.recoverableDrafts().isEmpty, sourceLocation: sourceLocation)
    }
}
