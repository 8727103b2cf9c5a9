import CFaultVFS
import Testing

extension FaultVFSTests {
    @Suite("VFS behaviour")
    struct VFSBehaviourTests {
        @Test("registration is idempotent and leaves the unix VFS the default")
        func registrationIsIdempotent() throws {
            #expect(faultvfs_register(0) == SQLITE_OK)
            #expect(faultvfs_register(0) == SQLITE_OK)
            #expect(sqlite3_vfs_find(FAULTVFS_NAME) != nil)
            let defaultVFS = try #require(sqlite3_vfs_find(nil))
            #expect(String(cString: defaultVFS.pointee.zName) == "unix")
        }

        @Test("a URI filename selects faultvfs, also without SQLITE_OPEN_URI when SQLite has USE_URI")
        func uriFilenameSelectsTheVFS() throws {
            let sandbox = try Sandbox()
            let uri = "file:\(sandbox.path("uri.db"))?vfs=\(FAULTVFS_NAME)"
            let explicit = try RawDatabase(
                path: uri, vfs: nil, flags: SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_URI)
            #expect(explicit.vfsName == FAULTVFS_NAME)
            // GRDB's flags: no SQLITE_OPEN_URI. The URI is honoured only if SQLite was built with USE_URI.
            let grdbStyle = try RawDatabase(path: uri, vfs: nil)
            let usesURI = sqlite3_compileoption_used("USE_URI") != 0
            #expect(grdbStyle.vfsName == (usesURI ? FAULTVFS_NAME : "unix"))
        }

        @Test("unsynced writes are seen by every faultvfs connection and lost by a drop-all crash")
        func unsyncedWritesAreVisibleUntilPowerLoss() throws {
            let sandbox = try Sandbox()
            let workload = CommitWorkload(seed: 21)
            do {
                let writer = try sandbox.openFaulty("unsynced.db")
                try #require(writer.execute("PRAGMA synchronous=OFF") == SQLITE_OK)
                try #require(workload.commit(transaction: 1, on: writer) == SQLITE_OK)
                let counters = faultvfs_counters()
                #expect(counters.pendingWrites > 0)
                #expect(counters.unsyncedBytes > 0)
                let reader = try RawDatabase(path: sandbox.path("unsynced.db"), vfs: FAULTVFS_NAME)
                #expect(try reader.scalar("SELECT count(DISTINCT txn) FROM entry") == "1")
                #expect(faultvfs_crash(21, .dropAll) == SQLITE_OK)
                withExtendedLifetime((writer, reader)) {}
            }
            faultvfs_reset()
            let reopened = try sandbox.openAfterRestart("unsynced.db")
            #expect(try reopened.scalar("SELECT count(*) FROM entry") == "0")
        }

        @Test("a FULL commit leaves nothing unsynced")
        func fullCommitLeavesNothingUnsynced() throws {
            let sandbox = try Sandbox()
            let database = try sandbox.openFaulty("synced.db")
            #expect(CommitWorkload(seed: 22).commit(transaction: 1, on: database) == SQLITE_OK)
            let counters = faultvfs_counters()
            #expect(counters.pendingWrites == 0)
            #expect(counters.unsyncedBytes == 0)
            #expect(counters.syncs > 0)
        }

        @Test("after a crash old handles fail, new opens fail, and reset allows opening again")
        func crashedStateKillsHandlesUntilReset() throws {
            let sandbox = try Sandbox()
            let workload = CommitWorkload(seed: 23)
            let database = try sandbox.openFaulty("dead.db")
            #expect(workload.commit(transaction: 1, on: database) == SQLITE_OK)
            #expect(faultvfs_crash(23, .keepAll) == SQLITE_OK)
            #expect(faultvfs_is_crashed() != 0)
            #expect(workload.commit(transaction: 2, on: database) != SQLITE_OK)
            #expect(throws: RawDatabaseError.self) {
                try RawDatabase(path: sandbox.path("dead.db"), vfs: FAULTVFS_NAME)
            }
            faultvfs_reset()
            #expect(faultvfs_is_crashed() == 0)
            #expect(workload.commit(transaction: 2, on: database) != SQLITE_OK, "a handle from before the crash stays dead")
            let fresh = try RawDatabase(path: sandbox.path("dead.db"), vfs: FAULTVFS_NAME)
            #expect(try fresh.scalar("SELECT count(DISTINCT txn) FROM entry") == "1")
        }
    }
}
