import Foundation
import Synchronization
import SheetLogStoreConformance
import SheetLogCore
import SheetLogSQLite
import Testing

/// The file fixture the SQLite kinds will use: one path per fixture, reopened as is, removed on cleanup.
@Suite struct StoreFixtureTests {
    /// Records every path the fixture asked to open.
    final class OpenedPaths: Sendable {
        private let paths = Mutex<[String]>([])
        func record(_ path: String) { paths.withLock { $0.append(path) } }
        var all: [String] { paths.withLock { $0 } }
    }

    @Test func fileFixtureReopensTheSamePathAndCleansUp() async throws {
        let opened = OpenedPaths()
        let fixture = try await StoreFixture.onFile(clock: ManualClock()) { path in
            opened.record(path)
            return try SQLiteEventStore.inMemory()
        }
        let path = try #require(opened.all.first)
        let directory = URL(fileURLWithPath: path).deletingLastPathComponent().path
        #expect(FileManager.default.fileExists(atPath: directory))

        let reopened = try #require(try await fixture.reopen())
        #expect(opened.all == [path, path])
        #expect(reopened.clock === fixture.clock)

        fixture.cleanup()
        #expect(!FileManager.default.fileExists(atPath: directory))
    }

    @Test func theInMemoryFixtureHasNothingToReopen() async throws {
        let fixture = try await makeStore(.sqliteMemory)
        defer { fixture.cleanup() }
        #expect(try await fixture.reopen() == nil)
    }
}
