import Foundation
import GRDB
import SheetLogSQLite
import Testing
import SheetLogTestSupport

@Suite("A log opened for reading only")
struct ReadOnlyStoreTests {
    /// The database file's bytes and the size of its WAL (0 when there is none).
    ///
    /// A read-only connection to a WAL database may leave an empty `-wal` and a `-shm` (the WAL
    /// index, SQLite's shared memory) beside it: neither holds data, and the database file is untouched.
    private struct FileState: Equatable {
        var database: Data
        var walBytes: Int
    }

    private func snapshot(_ directory: TemporaryDirectory) throws -> FileState {
        let wal = directory.path("log.sqlite-wal")
        let walBytes = ((try? FileManager.default.attributesOfItem(atPath: wal))?[.size] as? Int) ?? 0
        return FileState(database: try Data(contentsOf: URL(fileURLWithPath: directory.path("log.sqlite"))), walBytes: walBytes)
    }

    private func closedLog(in directory: TemporaryDirectory, events: Int) async throws -> String {
        let path = directory.path("log.sqlite")
        let store = try SQLiteEventStore(path: path, configuration: .init(clock: ManualClock()))
        for index in 1...events {
            _ = try await store.append([event("e\(index)")], to: "s1", expecting: .exact(Int64(index - 1)))
        }
        try store.writer.close()
        return path
    }

    @Test func readsEverythingAndLeavesEveryFileAsItWas() async throws {
        let directory = try TemporaryDirectory()
        let path = try await closedLog(in: directory, events: 3)
        let before = try snapshot(directory)

        let store = try SQLiteEventStore(readingFileAt: path)
        #expect(store.isReadOnly)
        #expect(try await store.readAll().map(\.eventID) == ["e1", "e2", "e3"])
        #expect(try await store.streamVersion("s1") == 3)
        #expect(try await store.verifyChain().isIntact)
        try store.writer.close()

        #expect(try snapshot(directory) == before)
    }

    @Test func refusesEveryWriteWithATypedErrorAndWritesNothing() async throws {
        let directory = try TemporaryDirectory()
        let path = try await closedLog(in: directory, events: 1)
        let before = try snapshot(directory)

        let store = try SQLiteEventStore(readingFileAt: path)
        let append = await #expect(throws: SheetLogError.self) {
            try await store.append([event("e2")], to: "s1", expecting: .any)
        }
        #expect(append?.code == .readOnly)
        #expect(append?.message.contains("open for reading only") == true)
        let rebuild = await #expect(throws: SheetLogError.self) { try await store.rebuildProjections() }
        #expect(rebuild?.code == .readOnly)
        #expect(try await store.lastPosition() == 1)
        try store.writer.close()

        #expect(try snapshot(directory) == before)
    }

    @Test("verifyProjections compares in a private copy: it finds a drifted table and leaves every file as it was")
    func verifiesProjectionsWithoutWriting() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("log.sqlite")
        let writing = try SQLiteEventStore(path: path, configuration: .init(clock: ManualClock()).keepingSheets())
        _ = try await writing.append(try ProjectionTests.sheetEvents(), to: "s1", expecting: .noStream)
        try writing.close()
        let before = try snapshot(directory)

        let reading = try SQLiteEventStore(readingFileAt: path, configuration: .init().keepingSheets())
        #expect(try await reading.verifyProjections().isEmpty)
        try reading.close()

        let tampering = try DatabaseQueue(path: path)
        try await tampering.write { db in try db.execute(sql: "UPDATE presentations SET status = 'abandoned'") }
        try tampering.close()
        let tampered = try snapshot(directory)
        let again = try SQLiteEventStore(readingFileAt: path, configuration: .init().keepingSheets())
        #expect(try await again.verifyProjections() == [
            ProjectionMismatch(projection: "sheets", table: "presentations", row: 1, columns: ["status"],
                               storedRowCount: 1, rebuiltRowCount: 1),
        ])
        try again.close()
        #expect(try snapshot(directory) == tampered)
        #expect(before != tampered)
    }

    @Test func refusesAMissingFileWithoutCreatingIt() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("absent.sqlite")
        let error = #expect(throws: SheetLogError.self) { try SQLiteEventStore(readingFileAt: path) }
        #expect(error?.code == .notFound)
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test func refusesADatabaseThatStillNeedsAMigration() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("old.sqlite")
        let first = try #require(SchemaMigration.embedded.min(by: { $0.number < $1.number }))
        let queue = try DatabaseQueue(path: path)
        _ = try queue.writeWithoutTransaction { db in
            try SchemaMigrator(migrations: [first]).migrate(db, location: path, clock: ManualClock())
        }
        try queue.close()

        let error = #expect(throws: SheetLogError.self) { try SQLiteEventStore(readingFileAt: path) }
        #expect(error?.code == .migrationFailed)
        #expect(error?.message.contains("open it for writing once") == true)
    }
}
