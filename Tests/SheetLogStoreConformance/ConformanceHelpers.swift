import SheetLogCore
import Testing

/// A small event of `type`, with a fresh id unless one is given.
package func event(
    _ type: String = "edit", id: String = EventIdentifier.random(),
    payload: String = #"{"field":"amount"}"#, metadata: String? = nil, occurredAt: Int64? = nil
) -> EventData {
    EventData(eventID: id, type: type, payload: payload, metadata: metadata, occurredAt: occurredAt)
}

/// `count` small events of `type`, each payload numbered so that they differ.
package func events(_ count: Int, type: String = "edit") -> [EventData] {
    (0..<count).map { event(type, payload: #"{"n":\#($0)}"#) }
}

/// Everything a store holds, to compare before and after a rejected append.
package struct LogSnapshot: Equatable {
    package var lastPosition: Int64
    package var events: [RecordedEvent]

    package init(of store: any EventStore) async throws {
        lastPosition = try await store.lastPosition()
        events = try await store.readAll()
    }
}

/// Runs `body`, expects it to throw a ``SheetLogError`` with `code`, and returns that error.
@discardableResult
package func expectFailure<T>(
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

/// Whether `positions` are consecutive integers, ascending.
package func isContiguous(_ positions: [Int64]) -> Bool {
    zip(positions, positions.dropFirst()).allSatisfy { $1 == $0 + 1 }
}
