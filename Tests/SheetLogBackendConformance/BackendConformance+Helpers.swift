import SheetLogDomain
import SheetLogStorage
import Testing

extension BackendConformance {
    /// Appends `batches` through the deciding append, as the facade does, and returns what was stored.
    @discardableResult
    static func append(_ batches: [StreamBatch], to backend: any SheetLogBackend) async throws -> AppendResult {
        try await backend.append { _ in DecidedAppend(batches: batches, plan: ()) }.result
    }

    /// Runs `body`, expects it to throw a ``SheetLogError`` with `code`, and returns that error.
    @discardableResult
    static func expectFailure<T>(
        _ code: SheetLogError.Code, sourceLocation: SourceLocation = #_sourceLocation, _ body: () async throws -> T
    ) async -> SheetLogError? {
        do {
            _ = try await body()
            Issue.record("expected a \(code) error, but it succeeded", sourceLocation: sourceLocation)
            return nil
        } catch let error as SheetLogError {
            #expect(error.code == code, "\(error.message)", sourceLocation: sourceLocation)
            return error
        } catch {
            Issue.record("expected a SheetLogError \(code), got \(error)", sourceLocation: sourceLocation)
            return nil
        }
    }

    /// Expects the backend to hold nothing: no event, no session, no dismissal, no draft.
    static func expectEmpty(_ backend: any SheetLogBackend, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        #expect(try await backend.lastPosition() == 0, sourceLocation: sourceLocation)
        #expect(try await backend.sessions().isEmpty, sourceLocation: sourceLocation)
        #expect(try await backend.dismissals(matching: AuditQuery(), .all).isEmpty, sourceLocation: sourceLocation)
        #expect(try await backend.recoverableDrafts().isEmpty, sourceLocation: sourceLocation)
    }
}
