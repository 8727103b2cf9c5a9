import SheetLogCore
import Testing

/// `subscribe(after:)`: the backlog, then live events, in order, never skipped or repeated.
extension StoreConformance {
    /// The next `count` events of `subscription`; fails the test if the sequence ends first.
    private static func take(
        _ count: Int, from iterator: inout AsyncThrowingStream<RecordedEvent, any Error>.AsyncIterator
    ) async throws -> [RecordedEvent] {
        var taken: [RecordedEvent] = []
        while taken.count < count {
            taken.append(try #require(try await iterator.next()))
        }
        return taken
    }

    static func backlogThenLiveInOrder(_ make: StoreFactory) async throws {
        let fixture = try await make()
        defer { fixture.cleanup() }
        let store = fixture.store
        _ = try await store.append(events(3), to: "s", expecting: .noStream)
        var iterator = store.subscribe(after: 1).makeAsyncIterator()
        #expect(try await take(2, from: &iterator).map(\.position) == [2, 3])

        let live = try await store.append(events(2), to: "t", expecting: .noStream)
        #expect(try await take(2, from: &iterator) == live.events)
    }

    static func twoSubscribersSeeTheSameSequence(_ make: StoreFactory) async throws {
        let fixture = try await make()
        defer { fixture.cleanup() }
        let store = fixture.store
        _ = try await store.append(events(2), to: "s", expecting: .noStream)
        var first = store.subscribe(after: 0).makeAsyncIterator()
        var second = store.subscribe(after: 0).makeAsyncIterator()
        _ = try await store.append(events(1), to: "t", expecting: .noStream)
        _ = try await store.append(events(3), to: "s", expecting: .exact(2))

        let seenByFirst = try await take(6, from: &first)
        let seenBySecond = try await take(6, from: &second)
        #expect(seenByFirst.map(\.position) == [1, 2, 3, 4, 5, 6])
        #expect(seenByFirst == seenBySecond)
        #expect(seenByFirst == (try await store.readAll()))
    }

    static func subscribingAtTheLastPositionYieldsOnlyNewEvents(_ make: StoreFactory) async throws {
        let fixture = try await make()
        defer { fixture.cleanup() }
        let store = fixture.store
        _ = try await store.append(events(3), to: "s", expecting: .noStream)
        var iterator = store.subscribe(after: try await store.lastPosition()).makeAsyncIterator()
        let new = try await store.append(events(1), to: "s", expecting: .exact(3))
        #expect(try await take(1, from: &iterator) == new.events)
    }

    static func subscribingDuringAppendsNeitherSkipsNorRepeats(_ make: StoreFactory) async throws {
        let fixture = try await make()
        defer { fixture.cleanup() }
        let store = fixture.store
        let writer = Task {
            for _ in 0..<50 { _ = try await store.append(events(2), to: "s", expecting: .any) }
        }
        _ = try await store.append(events(1), to: "first", expecting: .noStream)
        var iterator = store.subscribe(after: 0).makeAsyncIterator()
        let seen = try await take(101, from: &iterator)
        try await writer.value
        #expect(seen.map(\.position) == Array(1...101))
    }

    static func cancellationEndsTheSubscription(_ make: StoreFactory) async throws {
        let fixture = try await make()
        defer { fixture.cleanup() }
        let store = fixture.store
        let (firstSeen, signalFirstSeen) = AsyncStream.makeStream(of: Void.self)
        let consumer = Task {
            var count = 0
            for try await _ in store.subscribe(after: 0) {
                count += 1
                signalFirstSeen.yield()
            }
            return count
        }
        _ = try await store.append(events(1), to: "s", expecting: .noStream)
        var signals = firstSeen.makeAsyncIterator()
        _ = await signals.next()
        consumer.cancel()
        // Ending quietly or with CancellationError are both an end; hanging is not.
        switch await consumer.result {
        case .success(let count): #expect(count >= 1)
        case .failure(let error): #expect(error is CancellationError)
        }

        // The store keeps working.
        _ = try await store.append(events(1), to: "s", expecting: .exact(1))
    }
}
