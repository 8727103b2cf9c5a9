import Foundation
import SheetLogReliability
import SheetLogSQLite
import Testing
import SheetLogTestSupport

/// Tier 4: the disk fills up. `max_page_count` always; a real tmpfs when a mount namespace can be made.
@Suite("reliability: disk full")
struct DiskFullTests {
    @Test("max_page_count reached: a clean storageFull, every acknowledged append kept, appends resume")
    func maxPageCount() async throws {
        let scratch = try TemporaryDirectory("full")
        let path = scratch.path("full.sqlite")
        let workload = Workload(seed: TierSettings.baseSeed, appendCount: 400)
        let store = try SQLiteEventStore(path: path, configuration: FaultyStore.configuration())
        var acks: [AckLine] = []
        for append in workload.appends.prefix(5) {
            acks.append(AckLine(index: append.index, stored: try await store.append(append.batches).events))
        }
        try await store.writer.writeWithoutTransaction { db in
            let pages = try Int.fetchOne(db, sql: "PRAGMA page_count") ?? 0
            try db.execute(sql: "PRAGMA max_page_count = \(pages + 4)")
        }
        var failure: SheetLogError?
        for append in workload.appends.dropFirst(5) {
            do {
                acks.append(AckLine(index: append.index, stored: try await store.append(append.batches).events))
            } catch let error as SheetLogError {
                failure = error
                break
            }
        }
        let error = try #require(failure, "the size limit was never reached")
        #expect(error.code == .storageFull, "\(error.code): \(error.message)")
        let failedAppend = workload.appends[acks.count]
        #expect(try await store.events(withIDs: failedAppend.eventIDs).isEmpty, "a failure before COMMIT stores nothing")

        try await store.writer.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA max_page_count = 1073741823") }
        acks.append(AckLine(index: failedAppend.index, stored: try await store.append(failedAppend.batches).events))
        try store.releaseConnections()

        let reopened = try SQLiteEventStore(path: path, configuration: FaultyStore.configuration())
        for append in workload.appends.dropFirst(acks.count).prefix(5) {
            acks.append(AckLine(index: append.index, stored: try await reopened.append(append.batches).events))
        }
        let violations = CrashChecker(workload: workload)
            .violations(in: try await LogSnapshot.read(reopened), acknowledged: acks, attempted: acks.count)
        try reopened.releaseConnections()
        #expect(violations.isEmpty, "\(violations)")
    }

    @Test("a real tmpfs fills up: a typed error, the file reopens, every acknowledged append is there, appends resume",
          .enabled(if: Tmpfs.isAvailable, Comment(rawValue: Tmpfs.availability)))
    func tmpfs() async throws {
        let scratch = try TemporaryDirectory("tmpfs")
        let result = try TmpfsMount.runAppenderUntilFull(seed: TierSettings.baseSeed, in: scratch)
        #expect(result.status == 0, "the appender failed: \(result.errorOutput)")
        let fullLines = result.lines.filter { $0.hasPrefix("full ") }
        try #require(fullLines.count == 1, "\(result.lines.suffix(3)) \(result.errorOutput)")
        let code = fullLines[0].split(separator: " ").last.map(String.init) ?? ""
        // ENOSPC while COMMIT writes the WAL: the store reports it as an unknown outcome, resolved by ids.
        #expect(["storageFull", "commitOutcomeUnknown"].contains(code))
        #expect(result.lines.contains { $0.hasPrefix("resolved ") })
        #expect(result.lines.last == "done")
        let acks = result.lines.compactMap(AckLine.init(parsing:))
        let workload = Workload(seed: TierSettings.baseSeed, appendCount: TmpfsMount.appendCount)
        let violations = await KillRun.check(
            path: result.databaseCopy, workload: workload, acks: acks, attempted: (acks.last?.index ?? -1) + 1)
        #expect(violations.isEmpty, "\(violations)")
        TierSettings.report("disk-full-tmpfs", ["acknowledgedAppends": acks.count, "violations": violations.count])
    }
}
