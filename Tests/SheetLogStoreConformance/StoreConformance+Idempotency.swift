import SheetLogCore
import Testing

/// Retries by event id: an exact retry returns the originals, anything else is a conflict.
extension StoreConformance {
    static func exactRetryReturnsTheOriginalsAndAppendsNothing(_ make: StoreFactory) async throws {
        let fixture = try await make()
        defer { fixture.cleanup() }
        let store = fixture.store
        let batch = [event("present", metadata: #"{"device":"d1"}"#, occurredAt: 7), event("edit")]
        let first = try await store.append(batch, to: "s", expecting: .noStream)
        let before = try await LogSnapshot(of: store)
        fixture.clock.advance(by: 1_000)

        // The retry's expectation no longer holds; the ids decide, not the version.
        let retry = try await store.append(batch, to: "s", expecting: .noStream)
        #expect(retry.alreadyStored)
        #expect(retry.events == first.events)
        #expect(retry.positions == [1, 2])
        let retryAny = try await store.append(batch, to: "s", expecting: .any)
        #expect(retryAny.alreadyStored)
        #expect(retryAny.events == first.events)
        #expect(try await LogSnapshot(of: store) == before)
    }

    static func retryOfAMultiStreamAppend(_ make: StoreFactory) async throws {
        let fixture = try await make()
        defer { fixture.cleanup() }
        let store = fixture.store
        let batches = [
            StreamBatch(stream: "old", events: events(1, type: "restoreDraft"), expected: .noStream),
            StreamBatch(stream: "new", events: events(2, type: "present"), expected: .noStream),
        ]
        let first = try await store.append(batches)
        _ = try await store.append(events(1), to: "other", expecting: .noStream)
        let before = try await LogSnapshot(of: store)

        let retry = try await store.append(batches)
        #expect(retry.alreadyStored)
        #expect(retry.events == first.events)
        #expect(retry.positions == [1, 2, 3])
        #expect(try await LogSnapshot(of: store) == before)
    }

    static func sameIDWithOtherContentConflicts(_ make: StoreFactory, change: ContentChange) async throws {
        let fixture = try await make()
        defer { fixture.cleanup() }
        let store = fixture.store
        let original = event("edit", id: "e-1", payload: #"{"field":"amount"}"#, metadata: #"{"app":"1"}"#, occurredAt: 10)
        _ = try await store.append([original], to: "s", expecting: .noStream)
        let before = try await LogSnapshot(of: store)

        let error = await expectFailure(.idempotencyConflict) {
            try await store.append([change.apply(to: original)], to: "s", expecting: .any)
        }
        #expect(error?.context.eventID == "e-1")
        #expect(error?.message.contains("e-1") == true)
        #expect(try await LogSnapshot(of: store) == before)
    }

    static func sameIDInAnotherStreamConflicts(_ make: StoreFactory) async throws {
        let fixture = try await make()
        defer { fixture.cleanup() }
        let original = event(id: "e-1")
        _ = try await fixture.store.append([original], to: "s", expecting: .noStream)
        let error = await expectFailure(.idempotencyConflict) {
            try await fixture.store.append([original], to: "elsewhere", expecting: .any)
        }
        #expect(error?.context.eventID == "e-1")
        #expect(try await fixture.store.streamVersion("elsewhere") == 0)
    }

    static func mixingStoredAndNewIDsConflicts(_ make: StoreFactory) async throws {
        let fixture = try await make()
        defer { fixture.cleanup() }
        let store = fixture.store
        let stored = event(id: "e-stored")
        _ = try await store.append([stored], to: "s", expecting: .noStream)
        let before = try await LogSnapshot(of: store)

        let error = await expectFailure(.idempotencyConflict) {
            try await store.append([stored, event(id: "e-new")], to: "s", expecting: .any)
        }
        #expect(error?.context.eventID == "e-stored" || error?.context.eventID == "e-new")
        await expectFailure(.idempotencyConflict) {
            try await store.append([
                StreamBatch(stream: "t", events: [event(id: "e-new")], expected: .noStream),
                StreamBatch(stream: "s", events: [stored], expected: .any),
            ])
        }
        #expect(try await LogSnapshot(of: store) == before)
    }
}

/// One way a retried event can differ from the stored one with the same id.
package enum ContentChange: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case type, schemaVersion, payload, metadata, removedMetadata, occurredAt, removedOccurredAt

    package var testDescription: String { rawValue }

    package func apply(to event: EventData) -> EventData {
        var changed = event
        switch self {
        case .type: changed.type = "save"
        case .schemaVersion: changed.schemaVersion += 1
        case .payload: changed.payload = #"{"field":"note"}"#
        case .metadata: changed.metadata = #"{"app":"2"}"#
        case .removedMetadata: changed.metadata = nil
        case .occurredAt: changed.occurredAt = 11
        case .removedOccurredAt: changed.occurredAt = nil
        }
        return changed
    }
}
