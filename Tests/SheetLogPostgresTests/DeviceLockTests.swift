import Foundation
import PostgresNIO
import SheetLogCore
import SheetLogDomain
@testable import SheetLogPostgres
import SheetLogTestSupport
import Testing

/// What the fleet's write path promises since migration 0009 removed `fleet_position` and the
/// fleet-wide lock that numbered it: each device's writers take that device's lock and no other.
/// A device's positions are gap-free and committed in order (a reader following it by position never
/// sees a gap; two writers of one device take turns), and a device's batch in progress holds no other
/// device's writer back.
@Suite struct DeviceLockTests {
    @Test func eightWritersOnFourDevicesAndAReaderFollowingEachDeviceByPosition() async throws {
        let url = try await TestFleet.migratedURL()
        let devices = (0..<4).map { "device-\($0)" }
        let appendsPerWriter = 40
        // Two writers (two stores, two connection pools) per device.
        let stores = try await (devices + devices).asyncMap { device in
            try await PostgresEventStore.open(url: url, device: device, sheetProjections: false)
        }
        defer { stores.forEach { $0.close() } }
        // Batches of 1 to 3 events: a reader must also never see part of a batch.
        let perWriter: Int = (0..<appendsPerWriter).map { (append: Int) -> Int in append % 3 + 1 }.reduce(0, +)
        let perDevice = Int64(perWriter * 2)
        let reads = try await withThrowingTaskGroup(of: [String: [[Int64]]].self) { group in
            for store in stores {
                group.addTask {
                    for append in 0..<appendsPerWriter {
                        let batch = (0...(append % 3)).map { _ in EventData(type: "t", payload: "{}") }
                        _ = try await store.append(batch, to: "s\(append % 5)", expecting: .any)
                    }
                    return [:]
                }
            }
            group.addTask {
                // The reader polls with a connection of its own, through plain SQL, a cursor per device:
                // what any consumer runs.
                try await TestFleet.withConnection(url) { connection in
                    var reads: [String: [[Int64]]] = [:]
                    var seen = Dictionary(uniqueKeysWithValues: devices.map { ($0, Int64(0)) })
                    while seen.values.contains(where: { $0 < perDevice }) {
                        let rows = try await connection.query("""
                            SELECT e.device, e.position FROM events e
                            JOIN unnest(\(Array(seen.keys)), \(Array(seen.values))) AS known (device, seen)
                              ON e.device = known.device AND e.position > known.seen
                            ORDER BY e.device, e.position
                            """, logger: TestFleet.logger)
                        var read: [String: [Int64]] = [:]
                        for try await (device, position) in rows.decode((String, Int64).self) { read[device, default: []].append(position) }
                        for (device, positions) in read {
                            reads[device, default: []].append(positions)
                            seen[device] = positions.last
                        }
                        await Task.yield()
                    }
                    return reads
                }
            }
            return try await group.reduce(into: [:]) { $0.merge($1) { $0 + $1 } }
        }
        for device in devices {
            let batches = reads[device] ?? []
            #expect(batches.count > 1, "the reader polled \(device) while its writers appended")
            var expectedStart: Int64 = 1
            for batch in batches {
                #expect(batch == Array(expectedStart..<(expectedStart + Int64(batch.count))), "a read of \(device) after \(expectedStart - 1) saw a gap")
                expectedStart = (batch.last ?? expectedStart - 1) + 1
            }
            #expect(expectedStart == perDevice + 1)
        }
        // Two writers of one device took turns: one gap-free log, its chain intact.
        for store in stores.prefix(devices.count) {
            #expect(try await store.readAll().map(\.position) == Array(1...perDevice))
            let verification = try await store.verifyChain()
            #expect(verification.firstBrokenPosition == nil && verification.checkedEvents == Int(perDevice))
        }
    }

    /// Device A's append is held in the middle of its transaction (after its lock, at its read-model
    /// row, which the test has locked): device B's append and device C's pushed batch must commit
    /// meanwhile, without waiting for any lock. Under the fleet-wide lock they queued behind A.
    @Test func anotherDevicesAppendAndPushCommitWhileADevicesAppendIsHeldMidTransaction() async throws {
        let url = try await TestFleet.migratedURL()
        let held = try await PostgresEventStore.open(url: url, device: "held")
        let appending = try await PostgresEventStore.open(url: url, device: "appending", sheetProjections: false)
        let pushing = try await PostgresEventStore.open(url: url, device: "pushing", sheetProjections: false)
        defer { [held, appending, pushing].forEach { $0.close() } }
        let batches = try Self.sessionBatches(2)
        _ = try await held.append([batches[0]])
        let chained = try await appending.append((0..<3).map { _ in EventData(type: "t", payload: "{}") }, to: "s", expecting: .any).events

        try await TestFleet.withConnection(url) { gate in
            try await gate.query("BEGIN", logger: TestFleet.logger)
            try await gate.query("SELECT 1 FROM sessions WHERE device = 'held' FOR UPDATE", logger: TestFleet.logger)
            let heldAppend = Task { try await held.append([batches[1]]) }
            try await Self.waitUntilSomeoneWaits(gate, locktype: nil)
            let done = LockedBox(false)
            let others = Task {
                defer { done.withLock { $0 = true } }
                _ = try await appending.append([EventData(type: "t", payload: "{}")], to: "s", expecting: .any)
                return try await pushing.storePushed(chained)
            }
            // Bounded by the work: the two small transactions end, or one of them waits for a lock.
            var queued = false
            let deadline = ContinuousClock.now + .seconds(60)
            while !done.withLock({ $0 }), ContinuousClock.now < deadline {
                if try await Self.waiting(gate, locktype: "advisory") > 0 {
                    queued = true
                    break
                }
                try await Task.sleep(for: .milliseconds(10))
            }
            #expect(!queued, "another device's writer queued behind device held's transaction")
            try await gate.query("COMMIT", logger: TestFleet.logger)
            let pushed = try await others.value
            #expect(pushed == .stored(storedThrough: 3, chain: chained[2].chain, added: 3))
            #expect(try await heldAppend.value.events.map(\.position) == Array(Int64(batches[0].events.count + 1)...Int64(batches[0].events.count + batches[1].events.count)))
        }
        #expect(try await appending.readAll().map(\.position) == [1, 2, 3, 4])
    }

    /// `count` successive batches of one session, as a device decides them.
    static func sessionBatches(_ count: Int) throws -> [StreamBatch] {
        var chooser = CommandChooser(35)
        var state = SessionState(sessionID: "s")
        var batches: [StreamBatch] = []
        var step = 0
        while batches.count < count {
            step += 1
            let command = chooser.command(for: state, freshID: "p\(step)", drafts: [])
            guard let events = try? SheetDecider.decide(command, state: state, at: 1_767_225_600_000 + Int64(step) * 1_000), !events.isEmpty else { continue }
            batches.append(StreamBatch(stream: "s", events: try events.map { try $0.eventData() }, expected: .any))
            state = SheetDecider.fold(events, into: state)
        }
        return batches
    }

    /// How many of this database's connections wait for a lock (of `locktype`, or any).
    static func waiting(_ connection: PostgresConnection, locktype: String?) async throws -> Int64 {
        let rows = try await connection.query("""
            SELECT count(*) FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
            WHERE NOT l.granted AND a.datname = current_database() AND (\(locktype)::text IS NULL OR l.locktype = \(locktype))
            """, logger: TestFleet.logger)
        for try await (count) in rows.decode(Int64.self) { return count }
        return 0
    }

    static func waitUntilSomeoneWaits(_ connection: PostgresConnection, locktype: String?) async throws {
        let deadline = ContinuousClock.now + .seconds(60)
        while ContinuousClock.now < deadline {
            if try await waiting(connection, locktype: locktype) > 0 { return }
            try await Task.sleep(for: .milliseconds(10))
        }
        Issue.record("nobody waited for a lock within 60 s")
    }
}

extension Sequence {
    func asyncMap<T>(_ transform: (Element) async throws -> T) async rethrows -> [T] {
        var values: [T] = []
        for element in self { values.append(try await transform(element)) }
        return values
    }
}
