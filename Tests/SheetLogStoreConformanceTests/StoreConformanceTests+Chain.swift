import SheetLogTesting
import Testing

/// The integrity chain: each stored link recomputes, and tampering is found at its position.
extension StoreConformanceTests {
    @Test(arguments: StoreKind.allCases)
    func recordedChainsLinkFromGenesis(kind: StoreKind) async throws {
        let fixture = try await makeStore(kind)
        defer { fixture.cleanup() }
        let store = fixture.store
        #expect(try await store.verifyChain() == ChainVerification(checkedEvents: 0, firstBrokenPosition: nil))

        _ = try await store.append(events(2), to: "a", expecting: .noStream)
        _ = try await store.append([
            StreamBatch(stream: "b", events: events(2), expected: .noStream),
            StreamBatch(stream: "a", events: events(1), expected: .exact(2)),
        ])
        let stored = try await store.readAll()
        var previous = IntegrityChain.genesis
        for event in stored {
            let expected = IntegrityChain.link(previous: previous, event)
            #expect(event.chain == expected, "chain at position \(event.position)")
            previous = expected
        }
        let verification = try await store.verifyChain()
        #expect(verification.isIntact)
        #expect(verification.checkedEvents == 5)
    }

    @Test(arguments: StoreKind.allCases)
    func appendResultsCarryTheStoredChain(kind: StoreKind) async throws {
        let fixture = try await makeStore(kind)
        defer { fixture.cleanup() }
        let appended = try await fixture.store.append(events(3), to: "s", expecting: .noStream).events
        #expect(try await fixture.store.readAll() == appended)
        #expect(Set(appended.map(\.chain)).count == 3)
    }

    @Test(arguments: StoreKind.tamperable)
    func tamperingIsFoundAtItsPosition(kind: StoreKind) async throws {
        let fixture = try await makeStore(kind)
        defer { fixture.cleanup() }
        let tamper = try #require(fixture.tamperPayload)
        _ = try await fixture.store.append(events(5), to: "s", expecting: .noStream)

        try await tamper(3, #"{"field":"rewritten"}"#)
        let verification = try await fixture.store.verifyChain()
        #expect(!verification.isIntact)
        #expect(verification.firstBrokenPosition == 3)
        #expect(try await fixture.store.readAll(after: 2, limit: 1).first?.payload == #"{"field":"rewritten"}"#)
    }
}
