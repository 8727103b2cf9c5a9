import SheetLogCore
import Testing

/// Every expected-version mode on a new and on an existing stream, as Commanded's `AppendEventsTestCase`.
extension StoreConformance {
    static func appendsWithConsecutiveExactVersions(_ make: StoreFactory) async throws {
        let fixture = try await make()
        defer { fixture.cleanup() }
        let store = fixture.store
        #expect(try await store.append(events(1), to: "s", expecting: .exact(0)).events.map(\.version) == [1])
        #expect(try await store.append(events(2), to: "s", expecting: .exact(1)).events.map(\.version) == [2, 3])
        #expect(try await store.append(events(3), to: "s", expecting: .exact(3)).events.map(\.version) == [4, 5, 6])
        #expect(try await store.streamVersion("s") == 6)
    }

    static func newStreamAcceptsModesThatAllowNoEvents(_ make: StoreFactory, mode: ExpectedVersion) async throws {
        let fixture = try await make()
        defer { fixture.cleanup() }
        let result = try await fixture.store.append(events(2), to: "new", expecting: mode)
        #expect(result.events.map(\.version) == [1, 2])
        #expect(try await fixture.store.streamVersion("new") == 2)
    }

    static func newStreamRefusesModesThatNeedEvents(_ make: StoreFactory, mode: ExpectedVersion) async throws {
        let fixture = try await make()
        defer { fixture.cleanup() }
        let error = await expectFailure(.wrongExpectedVersion) {
            try await fixture.store.append(events(1), to: "new", expecting: mode)
        }
        #expect(error?.context.stream == "new")
        #expect(error?.context.actualVersion == 0)
        #expect(error?.context.expectedVersion == mode.description)
        #expect(error?.message.contains("new") == true)
        #expect(try await fixture.store.lastPosition() == 0)
        #expect(try await fixture.store.streamVersion("new") == 0)
    }

    static func existingStreamAcceptsMatchingModes(_ make: StoreFactory, mode: ExpectedVersion) async throws {
        let fixture = try await make()
        defer { fixture.cleanup() }
        _ = try await fixture.store.append(events(2), to: "s", expecting: .noStream)
        let result = try await fixture.store.append(events(1), to: "s", expecting: mode)
        #expect(result.events.map(\.version) == [3])
        #expect(result.positions == [3])
    }

    static func existingStreamRefusesWrongModesAndAppendsNothing(_ make: StoreFactory, mode: ExpectedVersion) async throws {
        let fixture = try await make()
        defer { fixture.cleanup() }
        _ = try await fixture.store.append(events(2), to: "s", expecting: .noStream)
        let before = try await LogSnapshot(of: fixture.store)
        let error = await expectFailure(.wrongExpectedVersion) {
            try await fixture.store.append(events(2), to: "s", expecting: mode)
        }
        #expect(error?.context.stream == "s")
        #expect(error?.context.actualVersion == 2)
        #expect(error?.context.expectedVersion == mode.description)
        #expect(try await LogSnapshot(of: fixture.store) == before)
    }

    static func twoWritersAtTheSameVersionOneWins(_ make: StoreFactory) async throws {
        let fixture = try await make()
        defer { fixture.cleanup() }
        let store = fixture.store
        _ = try await store.append(events(1), to: "s", expecting: .noStream)
        let outcomes = await withTaskGroup(of: SheetLogError.Code?.self) { group in
            for _ in 0..<2 {
                group.addTask {
                    do {
                        _ = try await store.append(events(1), to: "s", expecting: .exact(1))
                        return nil
                    } catch let error as SheetLogError {
                        return error.code
                    } catch {
                        return .storage
                    }
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(outcomes.filter { $0 == nil }.count == 1)
        #expect(outcomes.filter { $0 == .wrongExpectedVersion }.count == 1)
        #expect(try await store.readStream("s").map(\.version) == [1, 2])
    }
}
