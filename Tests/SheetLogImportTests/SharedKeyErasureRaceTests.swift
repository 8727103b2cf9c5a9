import Foundation
import PostgresNIO
import SheetLogCore
import SheetLogPostgres
import Testing

/// An erasure on the collector racing the shares of the same subject: once the erasure is
/// recorded, no key of the subject is stored, whichever committed first. (A share that checked
/// "not erased" before the erasure committed used to insert its row after the erasure's DELETE.)
/// The time limit is a hang's (a lock cycle PostgreSQL did not break), not the work's: 5 minutes ran
/// out with the whole suite under a load average of 20, every round progressing.
@Suite(.timeLimit(.minutes(20))) struct SharedKeyErasureRaceTests {
    @Test func noKeyOfAnErasedSubjectOutlivesARacingShare() async throws {
        let fleet = try await FleetDatabase.fresh()
        let reader = try await PostgresFleetReader.open(url: fleet.url)
        defer { reader.close() }
        let keys = PostgresSharedKeys.on(reader)
        let collector = CollectorKey.generate()
        for round in 0..<12 {
            let subject = "race-\(round)"
            let shared = SharedSubjectKey.wrap(DataKey.random(), subject: subject, device: "d", for: collector.publicKey)
            let other = SharedSubjectKey.wrap(DataKey.random(), subject: "a-\(round)", device: "d", for: collector.publicKey)
            _ = try await keys.store([shared], device: "d")
            try await withThrowingTaskGroup(of: Void.self) { group in
                for _ in 0..<6 {
                    group.addTask { for _ in 0..<4 { _ = try await keys.store([shared], device: "d") } }
                }
                // A share of two subjects holds the first's lock while it waits for the second's:
                // with the erasure's table lock, taken in another order, the two would deadlock.
                group.addTask { for _ in 0..<4 { _ = try await keys.store([other, shared], device: "d") } }
                // The race, not the lock's timeout, is under test: a loaded machine may take a while.
                group.addTask { _ = try await keys.erase(subject: subject, device: nil, requestedBy: "race", lockTimeout: .seconds(60)) }
                try await group.waitForAll()
            }
            let left = try await fleet.withConnection { connection in
                let rows = try await connection.query("SELECT count(*)::int FROM shared_keys WHERE subject = \(subject)", logger: FleetDatabase.logger)
                for try await count in rows.decode(Int.self) { return count }
                return -1
            }
            #expect(left == 0, "round \(round): a key of \(subject) outlived its erasure")
            #expect(try await keys.key(device: "d", subject: subject) == .erased)
        }
    }
}
