import GRDB
import PropertyBased
import SheetLog
import Testing
import SheetLogTestSupport

/// Stored events whose payload claims a schema newer than this build: the domain refuses to
/// decode them, and the store's projection refuses to append them, rolling the whole append back.
@Suite("events of a future schema version are refused")
struct FutureSchemaTests {
    /// One stored event of every type the domain writes, taken from a database where every scenario ran.
    static func eventsOfEveryType() async throws -> [RecordedEvent] {
        let fixture = try await BadInputFixture()
        for scenario in LineScenario.all { try await fixture.ingest([Array(scenario.text.utf8)]) }
        var byType: [String: RecordedEvent] = [:]
        for event in try await fixture.database.backend.readAll() where byType[event.type] == nil { byType[event.type] = event }
        return byType.keys.sorted().compactMap { byType[$0] }
    }

    @Test("decoding, then appending through the projection, fails for every type and schema > 2 (2 is sealed)")
    func futureSchemaIsRefused() async throws {
        let events = try await Self.eventsOfEveryType()
        #expect(Set(events.map(\.type)) == Set(SheetEventType.allCases.map(\.rawValue)))
        let fixture = try await BadInputFixture()
        let before = try await fixture.snapshot()
        await propertyCheck(
            // 100 cases (0.8 s; 500 took 3.9 s): every event type several times over, each refused by
            // the decoder and the projection alike; the soak runs 500.
            count: TestSize.cases(100, soak: 500), input: Gen.int(in: 0..<events.count), Gen.int(in: 3...Int(Int32.max)), Gen.bool
        ) { index, schemaVersion, withValidBatchFirst in
            let stored = events[index]
            let future = EventData(
                eventID: "future-\(schemaVersion)-\(index)", type: stored.type, schemaVersion: schemaVersion,
                payload: stored.payload, metadata: stored.metadata, occurredAt: stored.occurredAt)
            let refused = #expect(throws: SheetLogError.self) { try SheetEventCodec.decode(future) }
            #expect(refused?.code == .unsupportedSchemaVersion)
            #expect(refused?.context.eventID == future.eventID)
            #expect(refused?.message.contains(stored.payload) == false)
            // A valid batch in the same append must roll back with it.
            let valid = StreamBatch(
                stream: "filler", events: [EventData(type: "endSession", payload: "{}")], expected: .any)
            let batches = (withValidBatchFirst ? [valid] : []) + [StreamBatch(stream: stored.stream, events: [future], expected: .any)]
            do {
                _ = try await fixture.database.backend.append(batches)
                Issue.record("appended a \(stored.type) event of schema \(schemaVersion)")
            } catch let error as SheetLogError {
                #expect(error.code == .unsupportedSchemaVersion, "\(error.code): \(error.message)")
            }
            #expect(try await fixture.snapshot() == before)
        }
    }
}
