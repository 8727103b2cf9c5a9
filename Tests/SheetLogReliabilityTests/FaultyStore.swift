import CFaultVFS
import Foundation
import Logging
import SheetLogProjections
import SheetLogReliability
import SheetLogSQLite

/// Opens SheetLog's own store on a file through faultvfs, and again after a crash through the
/// normal unix VFS, as a restarted process would.
///
/// GRDB opens `path` with `sqlite3_open_v2` and no VFS argument; this system SQLite interprets
/// `file:` URIs (built with SQLITE_USE_URI), so `?vfs=faultvfs` selects the VFS per file and
/// faultvfs never becomes the default VFS of the test process.
enum FaultyStore {
    static func uri(_ path: String) -> String {
        "file:\(path)?vfs=\(FAULTVFS_NAME)"
    }

    static func open(_ path: String, durability: SQLiteEventStore.Durability = .full) throws -> SQLiteEventStore {
        try SQLiteEventStore(path: uri(path), configuration: configuration(durability))
    }

    /// The production configuration with the sheet projections, without log lines (hundreds of runs
    /// would each log a migration).
    static func configuration(_ durability: SQLiteEventStore.Durability = .full) -> SQLiteEventStore.Configuration {
        SQLiteEventStore.Configuration(durability: durability, logger: Logger(label: "SheetLog.reliability", factory: { _ in SwiftLogNoOpLogHandler() }))
            .keepingSheets()
    }

    /// The counters' writes and syncs spent by `body`.
    static func operations(_ body: () async throws -> Void) async rethrows -> (writes: Int, syncs: Int) {
        let before = faultvfs_counters()
        try await body()
        let after = faultvfs_counters()
        return (Int(after.writes - before.writes), Int(after.syncs - before.syncs))
    }

    /// Closes `store` (its handles may be dead after a crash), then leaves the crashed state.
    static func closeAndRestart(_ store: SQLiteEventStore?) {
        try? store?.releaseConnections()
        faultvfs_reset()
    }
}
