import GRDB
import SheetLogSQLite
import SheetLogTestSupport
import Testing

/// The writer keeps a larger page cache than SQLite's default (a bulk ingest into a large log read
/// its indexes' pages back otherwise); the readers, many and short-lived, keep the default.
@Suite("Page caches")
struct PageCacheTests {
    @Test("the writer keeps 16 MiB of pages, each reader SQLite's default, also after a reopen")
    func writerAndReaders() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("log.sqlite")
        for _ in 0..<2 {
            let store = try SQLiteEventStore(path: path)
            defer { try? store.close() }
            let writer = try store.writer.writeWithoutTransaction { db in try Int.fetchOne(db, sql: "PRAGMA cache_size") }
            let reader = try store.writer.read { db in try Int.fetchOne(db, sql: "PRAGMA cache_size") }
            #expect(writer == -SQLiteEventStore.writerCacheKiB && writer == -16_384)
            #expect(reader != writer, "a reader keeps SQLite's default (-2000 here): \(String(describing: reader))")
        }
    }
}
