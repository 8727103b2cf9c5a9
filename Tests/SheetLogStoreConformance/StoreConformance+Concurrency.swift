import SheetLogCore
import Testing

/// Concurrent writers and readers: no conflicts across streams, no gaps, no interleaved batches.
extension StoreConformance {
    static func concurrentWritersToDifferentStreamsDoNotConflict(_ make: StoreFactory) async throws {
        let fixture = try await make()
        defer { fixture.cleanup() }
        let store = fixture.store
        let writers = 4, appendsPerWriter = 25, eventsPerAppend = 4
        try await withThrowingTaskGroup(of: Void.self) { group in
            for writer in 0..<writers {
                group.addTask {
                    for append in 0..<appendsPerWriter {
                        _ = try await store.append(
                            events(eventsPerAppend), to: "writer-\(writer)", expecting: .exact(Int64(append * eventsPerAppend)))
                    }
                }
            }
            try await group.waitForAll()
        }
        let total = writers * appendsPerWriter * eventsPerAppend
        #expect(try await store.lastPosition() == Int64(total))
        #expect(try await store.readAll().map(\.position) == Array(1...Int64(total)))
        for writer in 0..<writers {
            let versions = try await store.readStream("writer-\(writer)").map(\.version)
            #expect(versions == Array(1...Int64(appendsPerWriter * eventsPerAppend)))
        }
    }

    static func racingBatchesDoNotInterleave(_ make: StoreFactory) async throws {
        let fixture = try await make()
        defer { fixture.cleanup() }
        let store = fixture.store
        async let first = store.append(events(1_000), to: "first", expecting: .noStream)
        async let second = store.append(events(1_000), to: "second", expecting: .noStream)
        let (one, two) = try await (first, second)

        #expect(isContiguous(one.positions))
        #expect(isContiguous(two.positions))
        let all = try await store.readAll()
        #expect(all.count == 2_000)
        let firstPositions = all.filter { $0.stream == "first" }.map(\.position)
        let secondPositions = all.filter { $0.stream == "second" }.map(\.position)
        #expect(firstPositions == one.positions)
        #expect(secondPositions == two.positions)
        #expect(Set(firstPositions.prefix(1) + secondPositions.prefix(1)) == [1, 1_001])
    }

    static func aPollingReaderNeverObservesAGap(_ make: StoreFactory) async throws {
        let fixture = try await make()
        defer { fixture.cleanup() }
        let store = fixture.store
        let writers = 4, appendsPerWriter = 200
        let total = Int64(writers * appendsPerWriter)
        let reads = try await withThrowingTaskGroup(of: [[Int64]].self) { group in
            for writer in 0..<writers {
                group.addTask {
                    for _ in 0..<appendsPerWriter {
                        _ = try await store.append([event(payload: "{}")], to: "writer-\(writer)", expecting: .any)
                    }
                    return []
                }
            }
            group.addTask {
                var batches: [[Int64]] = []
                var lastSeen: Int64 = 0
                while lastSeen < total {
                    let batch = try await store.readAll(after: lastSeen).map(\.position)
                    if let last = batch.last {
                        batches.append(batch)
                        lastSeen = last
                    }
                    await Task.yield()
                }
                return batches
            }
            return try await group.reduce(into: []) { $0 += $1 }
        }
        var expectedStart: Int64 = 1
        for batch in reads {
            #expect(batch.first == expectedStart, "a read after \(expectedStart - 1) skipped positions")
            #expect(isContiguous(batch))
            expectedStart = (batch.last ?? expectedStart - 1) + 1
        }
        #expect(expectedStart == total + 1)
    }
}
