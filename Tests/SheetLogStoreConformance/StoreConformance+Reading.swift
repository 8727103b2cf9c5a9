import SheetLogCore
import Testing

/// Stream reads with bounds (Akka's journal TCK replay cases), whole-log reads (`eventsourcing`'s
/// notification selects), `lastPosition` and lookups by id.
extension StoreConformance {
    /// A store holding stream "s" with versions 1…5 (positions 1…5).
    private static func storeWithFiveEvents(_ make: StoreFactory) async throws -> StoreFixture {
        let fixture = try await make()
        _ = try await fixture.store.append(events(5), to: "s", expecting: .noStream)
        return fixture
    }

    private static func versions(_ events: [RecordedEvent]) -> [Int64] { events.map(\.version) }

    static func replayBounds(_ make: StoreFactory) async throws {
        let fixture = try await storeWithFiveEvents(make)
        defer { fixture.cleanup() }
        let store = fixture.store
        #expect(versions(try await store.readStream("s")) == [1, 2, 3, 4, 5])
        #expect(versions(try await store.readStream("s", after: 1, through: 3)) == [2, 3])
        #expect(versions(try await store.readStream("s", after: 2)) == [3, 4, 5])
        #expect(versions(try await store.readStream("s", through: 2)) == [1, 2])
        #expect(versions(try await store.readStream("s", after: 2, through: 3)) == [3])
    }

    static func replayWithMaxCount(_ make: StoreFactory) async throws {
        let fixture = try await storeWithFiveEvents(make)
        defer { fixture.cleanup() }
        let store = fixture.store
        #expect(versions(try await store.readStream("s", limit: 2)) == [1, 2])
        #expect(versions(try await store.readStream("s", after: 1, through: 4, limit: 2)) == [2, 3])
        #expect(versions(try await store.readStream("s", after: 3, limit: 10)) == [4, 5])
        #expect(try await store.readStream("s", limit: 0).isEmpty)
    }

    static func replayOutsideTheStreamReturnsNothing(_ make: StoreFactory) async throws {
        let fixture = try await storeWithFiveEvents(make)
        defer { fixture.cleanup() }
        let store = fixture.store
        #expect(try await store.readStream("s", after: 5).isEmpty)
        #expect(try await store.readStream("s", after: 10).isEmpty)
        #expect(try await store.readStream("s", after: 3, through: 2).isEmpty)
        #expect(try await store.readStream("s", after: 3, through: 3).isEmpty)
        #expect(try await store.readStream("s", through: 0).isEmpty)
        #expect(versions(try await store.readStream("s", after: 3, through: 100)) == [4, 5])
        #expect(try await store.readStream("missing").isEmpty)
    }

    static func descendingReads(_ make: StoreFactory) async throws {
        let fixture = try await storeWithFiveEvents(make)
        defer { fixture.cleanup() }
        let store = fixture.store
        #expect(versions(try await store.readStream("s", after: 0, through: nil, limit: nil, descending: true)) == [5, 4, 3, 2, 1])
        #expect(versions(try await store.readStream("s", after: 0, through: nil, limit: 1, descending: true)) == [5])
        #expect(versions(try await store.readStream("s", after: 0, through: 2, limit: 1, descending: true)) == [2])
        #expect(versions(try await store.readStream("s", after: 1, through: 3, limit: nil, descending: true)) == [3, 2])
        #expect(versions(try await store.readStream("s", after: 1, through: 4, limit: 2, descending: true)) == [4, 3])
        #expect(try await store.readStream("s", after: 5, through: nil, limit: nil, descending: true).isEmpty)
    }

    static func readAllWithStartLimitStopAndTypes(_ make: StoreFactory) async throws {
        let fixture = try await make()
        defer { fixture.cleanup() }
        let store = fixture.store
        #expect(try await store.lastPosition() == 0)
        #expect(try await store.readAll(after: 0, through: 3, limit: nil, types: nil).isEmpty)
        #expect(try await store.readAll(after: 0, through: 3, limit: nil, types: ["topic1"]).isEmpty)

        _ = try await store.append([event("topic1"), event("topic2")], to: "s1", expecting: .noStream)
        _ = try await store.append([event("topic3")], to: "s2", expecting: .noStream)
        func positions(after: Int64 = 0, through: Int64? = nil, limit: Int? = nil, types: Set<String>? = nil) async throws -> [Int64] {
            try await store.readAll(after: after, through: through, limit: limit, types: types).map(\.position)
        }

        let all = try await store.readAll()
        #expect(all.map(\.position) == [1, 2, 3])
        #expect(all.map(\.stream) == ["s1", "s1", "s2"])
        #expect(all.map(\.type) == ["topic1", "topic2", "topic3"])
        #expect(try await positions(types: ["topic1", "topic2", "topic3"]) == [1, 2, 3])
        #expect(try await positions(types: ["topic1"]) == [1])
        #expect(try await positions(types: ["topic2"]) == [2])
        #expect(try await positions(types: ["topic3"]) == [3])
        #expect(try await positions(types: ["topic1", "topic3"]) == [1, 3])
        #expect(try await positions(limit: 1, types: ["topic2", "topic3"]) == [2])
        #expect(try await positions(types: []) == [])
        #expect(try await positions(types: ["unknown"]) == [])
        #expect(try await store.lastPosition() == 3)

        #expect(try await positions(limit: 1) == [1])
        #expect(try await positions(after: 1, limit: 1) == [2])
        #expect(try await positions(after: 1, limit: 2) == [2, 3])
        #expect(try await positions(after: 2, limit: 1) == [3])
        #expect(try await positions(after: 1, through: 2, limit: 10) == [2])
        #expect(try await positions(after: 0, through: 2, limit: 10) == [1, 2])
        #expect(try await positions(after: 3) == [])
        #expect(try await positions(after: 2, through: 1) == [])
        #expect(try await positions(limit: 0) == [])
    }

    static func eventsByIDInPositionOrder(_ make: StoreFactory) async throws {
        let fixture = try await make()
        defer { fixture.cleanup() }
        let stored = try await fixture.store.append(events(3), to: "s", expecting: .noStream).events
        let found = try await fixture.store.events(withIDs: [stored[2].eventID, "never-stored", stored[0].eventID])
        #expect(found == [stored[0], stored[2]])
        #expect(try await fixture.store.events(withIDs: []).isEmpty)
        #expect(try await fixture.store.events(withIDs: ["never-stored"]).isEmpty)
    }
}
