import SheetLogCore
import Testing

/// The integrity chain: each stored link recomputes under its rule, and tampering is found at its position.
extension StoreConformance {
    static func recordedChainsLinkFromGenesis(_ make: StoreFactory) async throws {
        let fixture = try await make()
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
            #expect(event.chainVersion == ChainRule.v2.rawValue, "chain version at position \(event.position)")
            let expected = IntegrityChain.linkV2(
                previous: previous, position: event.position, eventID: event.eventID, stream: event.stream,
                version: event.version, type: event.type, schemaVersion: event.schemaVersion, payload: event.payload,
                metadata: event.metadata, occurredAt: event.occurredAt, recordedAt: event.recordedAt)
            #expect(event.chain == expected, "chain at position \(event.position)")
            previous = expected
        }
        let verification = try await store.verifyChain()
        #expect(verification.isIntact)
        #expect(verification.checkedEvents == 5)
        #expect(verification.ruleOneEvents == 0)
    }

    static func appendResultsCarryTheStoredChain(_ make: StoreFactory) async throws {
        let fixture = try await make()
        defer { fixture.cleanup() }
        let appended = try await fixture.store.append(events(3), to: "s", expecting: .noStream).events
        #expect(try await fixture.store.readAll() == appended)
        #expect(Set(appended.map(\.chain)).count == 3)
    }

    static func tamperingIsFoundAtItsPosition(_ make: StoreFactory) async throws {
        let fixture = try await make()
        defer { fixture.cleanup() }
        let tamper = try #require(fixture.tamper)
        _ = try await fixture.store.append(events(5), to: "s", expecting: .noStream)

        try await tamper(3, .payload(#"{"field":"rewritten"}"#))
        let verification = try await fixture.store.verifyChain()
        #expect(!verification.isIntact)
        #expect(verification.firstBrokenPosition == 3)
        #expect(verification.breakReason == .mismatch)
        #expect(try await fixture.store.readAll(after: 2, limit: 1).first?.payload == #"{"field":"rewritten"}"#)
    }

    /// A change to each chained column but the chain: what ``everyColumnIsChained(_:change:)`` runs once per case.
    static let everyColumnChange: [StoredChange] = [
        .metadata(#"{"user":"someone-else"}"#), .metadata(nil), .occurredAt(1), .occurredAt(nil), .recordedAt(1), .schemaVersion(2),
    ]

    /// Every stored column is chained: times, metadata and the schema version included.
    static func everyColumnIsChained(_ make: StoreFactory, change: StoredChange) async throws {
        let fixture = try await make()
        defer { fixture.cleanup() }
        let tamper = try #require(fixture.tamper)
        _ = try await fixture.store.append(
            (1...4).map { event(metadata: #"{"app":"1.0"}"#, occurredAt: 1_000 + Int64($0)) }, to: "s", expecting: .noStream)

        try await tamper(2, change)
        let verification = try await fixture.store.verifyChain()
        #expect(verification.firstBrokenPosition == 2, "\(change)")
        #expect(verification.breakReason == .mismatch)
    }

    /// A rule-2 event rewritten as a rule-1 event, its chain recomputed under rule 1 (which leaves
    /// the times out) so that the link itself holds: refused as a downgrade.
    static func aDowngradeToRuleOneIsRefused(_ make: StoreFactory) async throws {
        let fixture = try await make()
        defer { fixture.cleanup() }
        let tamper = try #require(fixture.tamper)
        _ = try await fixture.store.append(events(2), to: "s", expecting: .noStream)
        let stored = try await fixture.store.readAll()
        var forged = stored[1]
        forged.occurredAt = 5
        try await tamper(2, .occurredAt(5))
        try await tamper(2, .chain(IntegrityChain.link(.v1, previous: stored[0].chain, forged), version: ChainRule.v1.rawValue))

        let verification = try await fixture.store.verifyChain()
        #expect(verification.firstBrokenPosition == 2)
        #expect(verification.breakReason == .downgrade(rule2Position: 1))
    }

    /// A log chained under rule 1 throughout (as every event before migration 0006 is) verifies,
    /// and the rule-2 events appended after it do too; a chain version this build does not know is refused.
    static func ruleOneEventsKeepVerifying(_ make: StoreFactory) async throws {
        let fixture = try await make()
        defer { fixture.cleanup() }
        let tamper = try #require(fixture.tamper)
        _ = try await fixture.store.append(events(3), to: "s", expecting: .noStream)
        var previous = IntegrityChain.genesis
        for event in try await fixture.store.readAll() {
            let chain = IntegrityChain.linkV1(previous: previous, position: event.position, eventID: event.eventID,
                                              stream: event.stream, version: event.version, type: event.type, payload: event.payload)
            try await tamper(event.position, .chain(chain, version: 1))
            previous = chain
        }
        #expect(try await fixture.store.verifyChain()
            == ChainVerification(checkedEvents: 3, firstBrokenPosition: nil, ruleOneEvents: 3))

        let next = try await fixture.store.append(events(2), to: "s", expecting: .exact(3)).events
        #expect(next.map(\.chainVersion) == [2, 2])
        #expect(try await fixture.store.verifyChain()
            == ChainVerification(checkedEvents: 5, firstBrokenPosition: nil, ruleOneEvents: 3))

        try await tamper(5, .chain(next[1].chain, version: 3))
        let unknown = try await fixture.store.verifyChain()
        #expect(unknown.firstBrokenPosition == 5)
        #expect(unknown.breakReason == .unknownRule(3))
    }
}
