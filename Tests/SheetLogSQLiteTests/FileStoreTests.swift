import Foundation
import GRDB
import SheetLogSQLite
import Testing
import SheetLogTestSupport

@Suite("The log in a file")
struct FileStoreTests {
    @Test("durability sets PRAGMA synchronous after GRDB enabled WAL", arguments: [
        (SQLiteEventStore.Durability.full, "2"), (.normal, "1"),
    ])
    func synchronousLevel(durability: SQLiteEventStore.Durability, expected: String) throws {
        let directory = try TemporaryDirectory()
        let store = try SQLiteEventStore(path: directory.path("log.sqlite"), configuration: .init(durability: durability))
        #expect(try pragma("synchronous", of: store) == expected)
        #expect(try pragma("journal_mode", of: store) == "wal")
    }

    @Test("the default durability is full, in memory too")
    func defaultDurabilityIsFull() throws {
        #expect(SQLiteEventStore.Configuration().durability == .full)
        #expect(try pragma("synchronous", of: memoryStore()) == "2")
    }

    @Test("reopening a file keeps every event and continues the chain")
    func reopeningContinuesTheLog() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("log.sqlite")
        let first: AppendResult
        do {
            let store = try SQLiteEventStore(path: path)
            first = try await store.append([event("e1"), event("e2")], to: "s1", expecting: .noStream)
            try store.writer.close()
        }
        let reopened = try SQLiteEventStore(path: path)
        #expect(try await reopened.readAll() == first.events)
        let next = try await reopened.append([event("e3")], to: "s1", expecting: .exact(2))
        #expect(next.events.map(\.position) == [3])
        #expect(next.events.map(\.version) == [3])
        let previousChain = try #require(first.events.last?.chain)
        let stored = try #require(next.events.first)
        #expect(stored.chain == IntegrityChain.link(previous: previousChain, stored))
        #expect(try await reopened.verifyChain() == ChainVerification(checkedEvents: 3, firstBrokenPosition: nil))
    }

    @Test("two stores on one file appending alternately keep positions gap-free")
    func twoStoresOnOneFile() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("shared.sqlite")
        let first = try SQLiteEventStore(path: path)
        let second = try SQLiteEventStore(path: path)
        for round in 0..<10 {
            let writer = round.isMultiple(of: 2) ? first : second
            _ = try await writer.append([event("e\(round)-a"), event("e\(round)-b")], to: "shared", expecting: .any)
        }
        async let fromFirst: Void = {
            for index in 0..<20 { _ = try await first.append([event("x\(index)")], to: "x", expecting: .any) }
        }()
        async let fromSecond: Void = {
            for index in 0..<20 { _ = try await second.append([event("y\(index)")], to: "y", expecting: .any) }
        }()
        _ = try await (fromFirst, fromSecond)

        let events = try await second.readAll()
        #expect(events.map(\.position) == Array(1...60))
        #expect(try await first.streamVersion("shared") == 20)
        #expect(try await first.readStream("shared").map(\.version) == Array(1...20))
        #expect(try await first.verifyChain().isIntact)
    }

    @Test("a file SQLite cannot open is a storage error carrying SQLite's code")
    func unopenableFile() throws {
        let directory = try TemporaryDirectory()
        let error = try #require(throws: SheetLogError.self) {
            try SQLiteEventStore(path: directory.path("missing-directory/log.sqlite"))
        }
        #expect(error.code == .storage)
        #expect(error.context.sqliteCode == 14)  // SQLITE_CANTOPEN
        #expect(error.message.contains("missing-directory/log.sqlite"))
        #expect(error.message.contains("no such folder: \(directory.path("missing-directory"))"))
    }

    @Test("a stale expected version from a second store is refused")
    func secondStoreSeesTheFirstStoresAppends() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("shared.sqlite")
        let first = try SQLiteEventStore(path: path)
        let second = try SQLiteEventStore(path: path)
        _ = try await first.append([event("e1")], to: "s1", expecting: .noStream)
        let error = await #expect(throws: SheetLogError.self) {
            try await second.append([event("e2")], to: "s1", expecting: .noStream)
        }
        #expect(error?.code == .wrongExpectedVersion)
        #expect(error?.context.actualVersion == 1)
    }
}
