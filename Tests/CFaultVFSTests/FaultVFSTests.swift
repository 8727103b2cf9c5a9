import CFaultVFS
import Foundation
import Testing

/// The parent of every faultvfs suite: the VFS's crash and fault state is global to the process,
/// so its tests run one at a time.
@Suite("faultvfs", .serialized, .exclusiveFaultVFS)
struct FaultVFSTests {}

/// A scratch directory with the VFS registered and reset, removed (and the VFS reset) at the end.
final class Sandbox {
    let directory: URL

    init() throws {
        #expect(faultvfs_register(0) == SQLITE_OK)
        faultvfs_reset()
        directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("faultvfs-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    deinit {
        faultvfs_reset()
        try? FileManager.default.removeItem(at: directory)
    }

    func path(_ name: String) -> String {
        directory.appendingPathComponent(name).path
    }

    /// Opens through faultvfs and prepares the schema with the given journal mode, syncing fully.
    func openFaulty(_ name: String, journalMode: String = "WAL") throws -> RawDatabase {
        let database = try RawDatabase(path: path(name), vfs: FAULTVFS_NAME)
        try #require(database.execute("PRAGMA journal_mode=\(journalMode)") == SQLITE_OK)
        try #require(database.execute("PRAGMA synchronous=FULL") == SQLITE_OK)
        try #require(database.execute(CommitWorkload.schema) == SQLITE_OK)
        return database
    }

    /// Reopens through the normal unix VFS, as a restarted process would after power returns.
    func openAfterRestart(_ name: String) throws -> RawDatabase {
        try RawDatabase(path: path(name), vfs: "unix")
    }
}
