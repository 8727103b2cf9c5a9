import Foundation
@testable import SheetLogSQLite
import Testing
import SheetLogTestSupport

@Suite("Subscriptions")
struct SubscriptionTests {
    @Test("delivers stored events after the position, then new ones in order, without repeats")
    func deliversBacklogThenNewEvents() async throws {
        let store = try memoryStore()
        _ = try await store.append([event("e1"), event("e2"), event("e3")], to: "s1", expecting: .noStream)
        var iterator = store.subscribe(after: 1).makeAsyncIterator()
        var received: [Int64] = []
        for _ in 0..<2 { received.append(try #require(try await iterator.next()).position) }
        _ = try await store.append([event("e4")], to: "s2", expecting: .noStream)
        _ = try await store.append([event("e5"), event("e6")], to: "s1", expecting: .exact(3))
        for _ in 0..<3 { received.append(try #require(try await iterator.next()).position) }
        #expect(received == [2, 3, 4, 5, 6])
    }

    @Test("catches up across chunks while appends keep committing, never skipping or repeating")
    func catchesUpWhileAppending() async throws {
        let store = try memoryStore()
        _ = try await store.append((1...600).map { event("old-\($0)") }, to: "s1", expecting: .noStream)
        let appender = Task {
            for batch in 0..<30 {
                _ = try await store.append((0..<10).map { event("new-\(batch)-\($0)") }, to: "s2", expecting: .any)
            }
        }
        var positions: [Int64] = []
        for try await event in store.subscribe(after: 0) {
            positions.append(event.position)
            if positions.count == 900 { break }
        }
        try await appender.value
        #expect(positions == Array(1...900))
    }

    @Test("sees appends made through another store on the same file")
    func seesOtherWriters() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("log.sqlite")
        let reader = try SQLiteEventStore(path: path)
        let writer = try SQLiteEventStore(path: path)
        var iterator = reader.subscribe(after: 0).makeAsyncIterator()
        _ = try await writer.append([event("e1"), event("e2")], to: "s1", expecting: .noStream)
        let first = try #require(try await iterator.next())
        let second = try #require(try await iterator.next())
        #expect([first.eventID, second.eventID] == ["e1", "e2"])
    }

    @Test("ends when the consuming task is cancelled, and lets go of its doorbell")
    func endsOnCancellation() async throws {
        let store = try memoryStore()
        _ = try await store.append([event("e1")], to: "s1", expecting: .noStream)
        let (received, signal) = AsyncStream<Int64>.makeStream()
        let consumer = Task {
            var count = 0
            for try await event in store.subscribe(after: 0) {
                count += 1
                signal.yield(event.position)
            }
            return count
        }
        var positions = received.makeAsyncIterator()
        #expect(await positions.next() == 1)
        consumer.cancel()
        #expect(try await consumer.value == 1)
        #expect(store.commitBell.waiterCount == 0)
    }
}
