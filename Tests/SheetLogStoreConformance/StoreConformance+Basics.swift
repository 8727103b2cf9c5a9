import SheetLogCore
import Testing

/// Appends and selects, conflicts, multi-stream batches, the store's clock, empty appends.
extension StoreConformance {
    static func insertAndSelect(_ make: StoreFactory) async throws {
        let fixture = try await make()
        defer { fixture.cleanup() }
        let store = fixture.store

        #expect(try await store.readStream("s1", after: 0, through: nil, limit: 1, descending: true).isEmpty)
        #expect(try await store.lastPosition() == 0)
        #expect(try await store.streamVersion("s1") == 0)

        let first = event("present", payload: #"{"presentation":"p1"}"#, metadata: #"{"app":"1.0"}"#, occurredAt: 42)
        let result = try await store.append([first], to: "s1", expecting: .noStream)
        #expect(!result.alreadyStored)
        let stored = try #require(result.events.first)
        #expect(stored.position == 1)
        #expect(stored.version == 1)
        #expect(stored.stream == "s1")
        #expect(first.hasSameContent(as: stored))
        #expect(try await store.readStream("s1") == [stored])

        let more = [event("edit"), event("save")]
        let second = try await store.append(more, to: "s1", expecting: .exact(1))
        #expect(second.positions == [2, 3])
        #expect(second.events.map(\.version) == [2, 3])
        #expect(zip(more, second.events).allSatisfy { $0.hasSameContent(as: $1) })

        let all = try await store.readStream("s1")
        #expect(all.map(\.type) == ["present", "edit", "save"])
        #expect(all.map(\.version) == [1, 2, 3])
        #expect(try await store.streamVersion("s1") == 3)
        #expect(try await store.lastPosition() == 3)
    }

    static func aConflictingBatchStoresNothing(_ make: StoreFactory) async throws {
        let fixture = try await make()
        defer { fixture.cleanup() }
        let store = fixture.store
        _ = try await store.append([event()], to: "s1", expecting: .noStream)
        let before = try await LogSnapshot(of: store)

        await expectFailure(.wrongExpectedVersion) {
            try await store.append(events(3), to: "s1", expecting: .noStream)
        }
        let duplicate = event()
        await expectFailure(.idempotencyConflict) {
            try await store.append([event(), duplicate, duplicate], to: "s1", expecting: .any)
        }
        // A multi-stream append whose second batch fails leaves the first stream untouched too.
        await expectFailure(.wrongExpectedVersion) {
            try await store.append([
                StreamBatch(stream: "s2", events: events(2), expected: .noStream),
                StreamBatch(stream: "s1", events: events(1), expected: .exact(5)),
            ])
        }
        #expect(try await LogSnapshot(of: store) == before)
        #expect(try await store.streamVersion("s2") == 0)
    }

    static func multiStreamAppendIsOneBatchInOrder(_ make: StoreFactory) async throws {
        let fixture = try await make()
        defer { fixture.cleanup() }
        let result = try await fixture.store.append([
            StreamBatch(stream: "a", events: events(2), expected: .noStream),
            StreamBatch(stream: "b", events: events(1), expected: .noStream),
            StreamBatch(stream: "a", events: events(1), expected: .exact(2)),
        ])
        #expect(result.positions == [1, 2, 3, 4])
        #expect(result.events.map(\.stream) == ["a", "a", "b", "a"])
        #expect(result.events.map(\.version) == [1, 2, 1, 3])
        #expect(try await fixture.store.streamVersion("a") == 3)
        #expect(try await fixture.store.streamVersion("b") == 1)
    }

    static func streamsAreKeptApart(_ make: StoreFactory) async throws {
        let fixture = try await make()
        defer { fixture.cleanup() }
        let store = fixture.store
        _ = try await store.append(events(2, type: "a"), to: "s1", expecting: .noStream)
        #expect(try await store.readStream("s2").isEmpty)
        let other = try await store.append(events(1, type: "b"), to: "s2", expecting: .noStream)
        #expect(other.events.map(\.version) == [1])
        #expect(other.positions == [3])
        #expect(try await store.readStream("s2") == other.events)
        #expect(try await store.readStream("s1").allSatisfy { $0.stream == "s1" && $0.type == "a" })
        #expect(try await store.streamVersion("s1") == 2)
    }

    static func recordedAtComesFromTheStoreClock(_ make: StoreFactory) async throws {
        let fixture = try await make()
        defer { fixture.cleanup() }
        fixture.clock.set(milliseconds: 1_000)
        let first = try await fixture.store.append([event(occurredAt: 5)], to: "s1", expecting: .any)
        fixture.clock.advance(by: 250)
        let second = try await fixture.store.append([event()], to: "s1", expecting: .any)
        #expect(first.events.map(\.recordedAt) == [1_000])
        #expect(first.events.map(\.occurredAt) == [5])
        #expect(second.events.map(\.recordedAt) == [1_250])
        #expect(second.events.map(\.occurredAt) == [nil])
        #expect(try await fixture.store.readAll().map(\.recordedAt) == [1_000, 1_250])
    }

    static func anEmptyAppendStoresNothing(_ make: StoreFactory) async throws {
        let fixture = try await make()
        defer { fixture.cleanup() }
        let result = try await fixture.store.append([], to: "s1", expecting: .any)
        #expect(result.events.isEmpty)
        #expect(try await fixture.store.lastPosition() == 0)
        #expect(try await fixture.store.streamVersion("s1") == 0)
    }
}
