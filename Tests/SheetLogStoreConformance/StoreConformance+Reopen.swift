import SheetLogCore
import Testing

/// A store on a file keeps its log across a reopen, as after an app restart.
extension StoreConformance {
    static func reopeningKeepsTheLogAndItsRules(_ make: StoreFactory) async throws {
        let fixture = try await make()
        defer { fixture.cleanup() }
        let batch = events(3)
        let first = try await fixture.store.append(batch, to: "s", expecting: .noStream)
        guard let reopened = try await fixture.reopen() else {
            // Memory kinds keep nothing to reopen; the fixture must say so rather than pretend.
            #expect(try await fixture.store.lastPosition() == 3)
            return
        }
        let store = reopened.store
        #expect(try await store.readAll() == first.events)
        #expect(try await store.streamVersion("s") == 3)

        let retry = try await store.append(batch, to: "s", expecting: .noStream)
        #expect(retry.alreadyStored)
        #expect(retry.events == first.events)
        let next = try await store.append(events(1), to: "s", expecting: .exact(3))
        #expect(next.positions == [4])
        #expect(try await store.verifyChain() == ChainVerification(checkedEvents: 4, firstBrokenPosition: nil))
    }
}
