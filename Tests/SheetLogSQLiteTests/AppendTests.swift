import Foundation
import GRDB
import SheetLogSQLite
import Testing

@Suite("Appending and reading")
struct AppendTests {
    @Test("an append stores positions, versions, the store's clock and a chain, and reads return them")
    func appendAndRead() async throws {
        let clock = ManualClock(milliseconds: 5_000)
        let store = try SQLiteEventStore.inMemory(configuration: .init(clock: clock))
        let first = try await store.append([event("e1", type: "present"), event("e2")], to: "s1", expecting: .noStream)
        clock.advance(by: 10)
        let second = try await store.append([event("e3")], to: "s2", expecting: .noStream)

        #expect(first.alreadyStored == false)
        #expect(first.positions == [1, 2])
        #expect(first.events.map(\.version) == [1, 2])
        #expect(first.events.map(\.recordedAt) == [5_000, 5_000])
        #expect(second.events.map(\.recordedAt) == [5_010])
        #expect(first.events[0].chain == IntegrityChain.link(previous: IntegrityChain.genesis, first.events[0]))

        let all = first.events + second.events
        #expect(try await store.readAll() == all)
        #expect(try await store.readStream("s1") == first.events)
        #expect(try await store.readStream("s1", after: 1, through: nil, limit: nil, descending: false).map(\.eventID) == ["e2"])
        #expect(try await store.readStream("s1", after: 0, through: nil, limit: 1, descending: true).map(\.eventID) == ["e2"])
        #expect(try await store.readAll(after: 0, through: 2, limit: nil, types: ["edit"]).map(\.eventID) == ["e2"])
        #expect(try await store.readAll(after: 1, limit: 1).map(\.eventID) == ["e2"])
        #expect(try await store.readAll(after: 0, through: nil, limit: nil, types: []).isEmpty)
        #expect(try await store.events(withIDs: ["e3", "missing", "e1"]).map(\.eventID) == ["e1", "e3"])
        #expect(try await store.lastPosition() == 3)
        #expect(try await store.streamVersion("s1") == 2)
        #expect(try await store.streamVersion("nobody") == 0)
    }

    @Test("events(withIDs:) looks up more ids than one statement binds, in position order")
    func lookUpManyIDs() async throws {
        let store = try memoryStore()
        let ids = (1...700).map { "id-\($0)" }
        _ = try await store.append(ids.map { event($0) }, to: "s1", expecting: .noStream)
        let found = try await store.events(withIDs: ids.reversed() + ["missing", "id-1"])
        #expect(found.map(\.position) == Array(1...700))
    }

    @Test("a retried append returns the originals and stores nothing twice")
    func retriedAppendIsIdempotent() async throws {
        let store = try memoryStore()
        let original = try await store.append([event("e1"), event("e2")], to: "s1", expecting: .noStream)
        let retried = try await store.append([event("e1"), event("e2")], to: "s1", expecting: .noStream)
        #expect(retried.alreadyStored)
        #expect(retried.events == original.events)
        #expect(try await store.lastPosition() == 2)
    }

    @Test("an id stored with other content, or a mix of stored and new ids, is an idempotency conflict")
    func idempotencyConflicts() async throws {
        let store = try memoryStore()
        _ = try await store.append([event("e1")], to: "s1", expecting: .noStream)

        let changed = await #expect(throws: SheetLogError.self) {
            try await store.append([event("e1", value: "secret-other-value")], to: "s1", expecting: .any)
        }
        #expect(changed?.code == .idempotencyConflict)
        #expect(changed?.context.eventID == "e1")
        #expect(changed?.message.contains("secret") == false)

        let mixed = await #expect(throws: SheetLogError.self) {
            try await store.append([event("e1"), event("e2")], to: "s1", expecting: .any)
        }
        #expect(mixed?.code == .idempotencyConflict)
        #expect(mixed?.context.eventID == "e1")

        let otherStream = await #expect(throws: SheetLogError.self) {
            try await store.append([event("e1")], to: "s2", expecting: .any)
        }
        #expect(otherStream?.code == .idempotencyConflict)
        #expect(try await store.lastPosition() == 1)
    }

    @Test("a wrong expected version names stream, expected and actual, and appends nothing")
    func wrongExpectedVersion() async throws {
        let store = try memoryStore()
        _ = try await store.append([event("e1"), event("e2")], to: "s1", expecting: .noStream)
        let error = await #expect(throws: SheetLogError.self) {
            try await store.append([event("e3")], to: "s1", expecting: .exact(1))
        }
        #expect(error?.code == .wrongExpectedVersion)
        #expect(error?.message == "stream s1 was expected at version exact(1) but is at version 2")
        #expect(error?.context.stream == "s1")
        #expect(error?.context.expectedVersion == "exact(1)")
        #expect(error?.context.actualVersion == 2)
        #expect(try await store.lastPosition() == 2)
    }

    @Test("a multi-stream append is all or nothing")
    func multiStreamAppendIsAtomic() async throws {
        let store = try memoryStore()
        _ = try await store.append([event("e1")], to: "s2", expecting: .noStream)
        await #expect(throws: SheetLogError.self) {
            try await store.append([
                StreamBatch(stream: "s1", events: [event("a1"), event("a2")], expected: .noStream),
                StreamBatch(stream: "s2", events: [event("b1")], expected: .noStream),
            ])
        }
        #expect(try await store.lastPosition() == 1)
        #expect(try await store.streamVersion("s1") == 0)
    }

    @Test("a stream in two batches of one append gets consecutive versions, each batch checked in turn")
    func streamInTwoBatches() async throws {
        let store = try memoryStore()
        let result = try await store.append([
            StreamBatch(stream: "s1", events: [event("a1")], expected: .noStream),
            StreamBatch(stream: "s2", events: [event("b1")], expected: .noStream),
            StreamBatch(stream: "s1", events: [event("a2")], expected: .exact(1)),
        ])
        #expect(result.events.map(\.stream) == ["s1", "s2", "s1"])
        #expect(result.events.map(\.version) == [1, 1, 2])
        #expect(result.positions == [1, 2, 3])

        await #expect(throws: SheetLogError.self) {
            try await store.append([
                StreamBatch(stream: "s3", events: [event("c1")], expected: .noStream),
                StreamBatch(stream: "s3", events: [event("c2")], expected: .noStream),
            ])
        }
        #expect(try await store.streamVersion("s3") == 0)
    }

    @Test("input that breaks the limits never reaches SQLite")
    func invalidInputIsRefusedFirst() async throws {
        let store = try SQLiteEventStore.inMemory(configuration: .init(limits: InputLimits(maxPayloadBytes: 32)))
        let tooLarge = await #expect(throws: SheetLogError.self) {
            try await store.append([event("e1", value: String(repeating: "x", count: 64))], to: "s1", expecting: .any)
        }
        #expect(tooLarge?.code == .payloadTooLarge)
        let notJSON = await #expect(throws: SheetLogError.self) {
            try await store.append([EventData(eventID: "e2", type: "edit", payload: "{nope")], to: "s1", expecting: .any)
        }
        #expect(notJSON?.code == .invalidInput)
        let negativeLimit = await #expect(throws: SheetLogError.self) {
            try await store.readStream("s1", after: 0, through: nil, limit: -1, descending: false)
        }
        #expect(negativeLimit?.code == .invalidInput)
        #expect(try await store.lastPosition() == 0)
    }
}
