import SheetLogStoreConformance
import SheetLogTesting
import Testing

/// What only the in-memory store has: its tamper helper, its release, its argument checks.
@Suite struct InMemoryEventStoreTests {
    @Test func tamperingWithAMissingPositionIsNotFound() async throws {
        let store = InMemoryEventStore()
        _ = try await store.append(events(1), to: "s", expecting: .noStream)
        let error = await expectFailure(.notFound) { try store.tamperPayload(at: 2, with: "{}") }
        #expect(error?.context.position == 2)
        #expect(try await store.verifyChain().isIntact)
    }

    @Test func aNegativeLimitIsRefused() async throws {
        let store = InMemoryEventStore()
        await expectFailure(.invalidInput) { try await store.readAll(after: 0, limit: -1) }
        await expectFailure(.invalidInput) { try await store.readStream("s", limit: -1) }
    }

    @Test(.timeLimit(.minutes(1)))
    func releasingTheStoreEndsItsSubscriptions() async throws {
        var store: InMemoryEventStore? = InMemoryEventStore()
        _ = try await store?.append(events(1), to: "s", expecting: .noStream)
        var iterator = try #require(store).subscribe(after: 0).makeAsyncIterator()
        #expect(try await iterator.next()?.position == 1)
        store = nil
        #expect(try await iterator.next() == nil)
    }
}
