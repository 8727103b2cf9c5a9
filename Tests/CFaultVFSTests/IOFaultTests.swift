import CFaultVFS
import Testing

extension FaultVFSTests {
    @Suite("Injected I/O faults")
    struct IOFaultTests {
        struct WriteFault: CustomTestStringConvertible, Sendable {
            let journalMode: String
            let errorKind: FaultVFSErrorKind
            let persistent: Bool
            let expectedCode: Int32
            var testDescription: String {
                "\(journalMode), \(errorKind == .noSpace ? "ENOSPC" : "EIO"), \(persistent ? "persistent" : "once")"
            }
        }

        static let writeFaults = [
            WriteFault(journalMode: "WAL", errorKind: .noSpace, persistent: false, expectedCode: SQLITE_FULL),
            WriteFault(journalMode: "WAL", errorKind: .ioFailure, persistent: true, expectedCode: Int32(FAULTVFS_IOERR_WRITE)),
            WriteFault(journalMode: "DELETE", errorKind: .noSpace, persistent: false, expectedCode: SQLITE_FULL),
            WriteFault(journalMode: "DELETE", errorKind: .ioFailure, persistent: true, expectedCode: Int32(FAULTVFS_IOERR_WRITE)),
        ]

        @Test("a write fault at every N of a commit is reported and loses nothing", arguments: writeFaults)
        func writeFaultAtEveryPointOfACommit(fault: WriteFault) throws {
            let writesInCommit = try countWritesOfTransactionFour(journalMode: fault.journalMode)
            try #require(writesInCommit >= 3, "a commit should span several writes, got \(writesInCommit)")
            for n in 1...writesInCommit {
                try runWriteFault(fault, at: n)
            }
        }

        private func countWritesOfTransactionFour(journalMode: String) throws -> Int {
            let sandbox = try Sandbox()
            let database = try sandbox.openFaulty("count.db", journalMode: journalMode)
            let workload = CommitWorkload(seed: 11)
            try #require(workload.run(1...3, on: database).acknowledged == 3)
            let before = faultvfs_counters().writes
            try #require(workload.commit(transaction: 4, on: database) == SQLITE_OK)
            return Int(faultvfs_counters().writes - before)
        }

        private func runWriteFault(_ fault: WriteFault, at n: Int) throws {
            let sandbox = try Sandbox()
            let workload = CommitWorkload(seed: 11)
            do {
                let database = try sandbox.openFaulty("fault.db", journalMode: fault.journalMode)
                try #require(workload.run(1...3, on: database).acknowledged == 3)
                faultvfs_fail_write(Int32(n), fault.errorKind, fault.persistent ? 1 : 0, 0)
                let code = workload.commit(transaction: 4, on: database)
                #expect(code == fault.expectedCode, "write \(n): got \(code)")
                #expect(faultvfs_counters().failedWrites >= 1)
                if !database.isAutocommit { database.execute("ROLLBACK") }
                faultvfs_clear_faults()
            }
            faultvfs_reset()
            do {
                let database = try sandbox.openFaulty("fault.db", journalMode: fault.journalMode)
                #expect(workload.commit(transaction: 4, on: database) == SQLITE_OK, "write \(n): retry failed")
            }
            faultvfs_reset()
            let reopened = try sandbox.openAfterRestart("fault.db")
            #expect(try workload.violations(in: reopened, acknowledged: 4, attempted: 4) == [], "write \(n)")
        }

        @Test("a failed fsync at COMMIT leaves the outcome unknown until the disk decides",
              arguments: [(FaultVFSCrashMode.keepAll, 4), (FaultVFSCrashMode.dropAll, 3)])
        func failedSyncAtCommitHasAnUnknownOutcome(mode: FaultVFSCrashMode, survivingTransactions: Int) throws {
            let sandbox = try Sandbox()
            let workload = CommitWorkload(seed: 12)
            do {
                let database = try sandbox.openFaulty("sync.db")
                try #require(workload.run(1...3, on: database).acknowledged == 3)
                faultvfs_fail_sync(1, .ioFailure, 0, 0)
                #expect(workload.commit(transaction: 4, on: database) == Int32(FAULTVFS_IOERR_FSYNC))
                #expect(faultvfs_counters().failedSyncs == 1)
                #expect(faultvfs_crash(12, mode) == SQLITE_OK)
                withExtendedLifetime(database) {}
            }
            faultvfs_reset()
            let reopened = try sandbox.openAfterRestart("sync.db")
            #expect(try workload.violations(in: reopened, acknowledged: 3, attempted: 4) == [])
            #expect(try reopened.scalar("SELECT max(txn) FROM entry") == "\(survivingTransactions)")
        }

        @Test("a fault restricted to the main database spares WAL commits and hits the checkpoint")
        func faultRestrictedToTheMainDatabase() throws {
            let sandbox = try Sandbox()
            let workload = CommitWorkload(seed: 13)
            do {
                let database = try sandbox.openFaulty("kind.db")
                faultvfs_fail_write(1, .ioFailure, 1, FAULTVFS_FILE_MAIN_DB)
                #expect(workload.run(1...5, on: database).acknowledged == 5)
                #expect(faultvfs_counters().failedWrites == 0)
                #expect(database.execute("PRAGMA wal_checkpoint(TRUNCATE)") != SQLITE_OK)
                #expect(faultvfs_counters().failedWrites >= 1)
                faultvfs_clear_faults()
            }
            faultvfs_reset()
            let reopened = try sandbox.openAfterRestart("kind.db")
            #expect(try workload.violations(in: reopened, acknowledged: 5, attempted: 5) == [])
        }
    }
}
