import Foundation
import GRDB
import GRDBSQLite
import SheetLog
import SheetLogSQLite
import SheetLogTestSupport
import Testing

/// The app goes to the background while a keystroke's COMMIT runs: SQLite interrupts the COMMIT
/// (GRDB's suspension calls `sqlite3_interrupt`). Nothing was committed, and the handle must go on
/// after the resume — found by the app tests' suspension race (SuspensionTests), which left a
/// handle that refused every later keystroke as `closed` until the app reopened the database.
///
/// The race made certain: the COMMIT is interrupted by SQLite's progress handler, which is what
/// `sqlite3_interrupt` does to a running statement. The suspension notifications are not posted:
/// they reach every database of the test process.
@Suite struct SuspendedCommitTests {
    /// Armed by the trace callback when the writer starts a COMMIT; the progress handler then
    /// interrupts that COMMIT, as a suspension arriving at that moment does.
    final class CommitInterrupter: @unchecked Sendable {
        var armed = false
        var fired = 0
    }

    @Test func aCommitInterruptedBySuspensionIsRefusedAndTheHandleGoesOnAfterTheResume() async throws {
        let directory = try TemporaryDirectory("suspended-commit")
        let database = try SheetLogDatabase.open(path: directory.path("log.sqlite"), options: testOptions())
        defer { try? database.close() }
        try await database.record(.present(presentation: "p1", route: Route(name: "note")), in: "window-1")

        let sqlite = try #require(database.backend as? SQLiteBackend)
        let interrupter = CommitInterrupter()
        let context = Unmanaged.passRetained(interrupter)
        defer { context.release() }
        try sqlite.store.writeOnCallingThread { db in
            sqlite3_trace_v2(db.sqliteConnection, UInt32(SQLITE_TRACE_STMT), { _, context, statement, _ in
                let interrupter = Unmanaged<CommitInterrupter>.fromOpaque(context!).takeUnretainedValue()
                let sql = sqlite3_sql(OpaquePointer(statement)).map { String(cString: $0) } ?? ""
                if sql.uppercased().hasPrefix("COMMIT") && interrupter.fired == 0 { interrupter.armed = true }
                return 0
            }, context.toOpaque())
            sqlite3_progress_handler(db.sqliteConnection, 1, { context in
                let interrupter = Unmanaged<CommitInterrupter>.fromOpaque(context!).takeUnretainedValue()
                guard interrupter.armed else { return 0 }
                interrupter.armed = false
                interrupter.fired += 1
                return 1
            }, context.toOpaque())
        }

        let refused = await #expect(throws: SheetLogError.self) {
            try await database.record(.edit(field: "text", value: "typed while leaving"), in: "window-1", id: "k1")
        }
        #expect(interrupter.fired == 1, "the COMMIT was interrupted")
        #expect(refused?.code == .suspended, "\(String(describing: refused))")
        #expect(refused?.message.contains("typed while leaving") == false)

        try await database.record(.edit(field: "text", value: "typed after the resume"), in: "window-1", id: "k2")
        let stored = try await database.replay("window-1").map(\.event.eventID)
        #expect(!stored.contains("k1"), "the interrupted COMMIT stored nothing")
        #expect(stored.contains("k2"))
        #expect(try await database.state(of: "window-1").top?.values["text"] == "typed after the resume")
        #expect(try await database.verify().isHealthy)
    }
}
