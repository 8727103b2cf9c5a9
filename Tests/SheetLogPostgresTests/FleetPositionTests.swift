import Foundation
import PostgresNIO
import SheetLogCore
import SheetLogPostgres
import Testing

/// `fleet_position` orders the whole fleet: a reader polling it never sees n+1 before n, however many
/// devices append at once (the shape of the store conformance's polling reader, across devices).
@Suite struct FleetPositionTests {
    @Test func eightConcurrentWritersAndAReaderThatNeverSeesAGap() async throws {
        let url = try await TestFleet.migratedURL()
        let writers = 8, appendsPerWriter = 40
        let stores = try await (0..<writers).asyncMap { writer in
            try await PostgresEventStore.open(url: url, device: "writer-\(writer)", sheetProjections: false)
        }
        defer { stores.forEach { $0.close() } }
        // Batches of 1 to 3 events: a reader must also never see part of a batch.
        let total = Int64((0..<appendsPerWriter).map { $0 % 3 + 1 }.reduce(0, +) * writers)
        let reads = try await withThrowingTaskGroup(of: [[Int64]].self) { group in
            for store in stores {
                group.addTask {
                    for append in 0..<appendsPerWriter {
                        let batch = (0...(append % 3)).map { _ in EventData(type: "t", payload: "{}") }
                        _ = try await store.append(batch, to: "s\(append % 5)", expecting: .any)
                    }
                    return []
                }
            }
            group.addTask {
                // The reader polls with a connection of its own, through plain SQL: what any consumer runs.
                try await TestFleet.withConnection(url) { connection in
                    var batches: [[Int64]] = []
                    var lastSeen: Int64 = 0
                    while lastSeen < total {
                        var batch: [Int64] = []
                        let rows = try await connection.query(
                            "SELECT fleet_position FROM events WHERE fleet_position > \(lastSeen) ORDER BY fleet_position",
                            logger: TestFleet.logger)
                        for try await (position) in rows.decode(Int64.self) { batch.append(position) }
                        if let last = batch.last {
                            batches.append(batch)
                            lastSeen = last
                        }
                        await Task.yield()
                    }
                    return batches
                }
            }
            return try await group.reduce(into: []) { $0 += $1 }
        }
        #expect(reads.count > 1, "the reader polled while the writers appended")
        var expectedStart: Int64 = 1
        for batch in reads {
            #expect(batch.first == expectedStart, "a read after \(expectedStart - 1) skipped fleet positions")
            #expect(batch == Array(expectedStart..<(expectedStart + Int64(batch.count))), "a read saw a gap")
            expectedStart = (batch.last ?? expectedStart - 1) + 1
        }
        #expect(expectedStart == total + 1)
        // Each device's own positions stay 1, 2, 3 … and follow the fleet order.
        for store in stores {
            let positions = try await store.readAll().map(\.position)
            #expect(positions == Array(1...Int64(positions.count)))
        }
    }
}

extension Sequence {
    func asyncMap<T>(_ transform: (Element) async throws -> T) async rethrows -> [T] {
        var values: [T] = []
        for element in self { values.append(try await transform(element)) }
        return values
    }
}
