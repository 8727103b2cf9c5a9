import Foundation
import Testing
import SheetLog
import SheetLogTestSupport

@Suite("Two databases on one file")
struct ConcurrencyTests {
    @Test("two instances recording into one session alternately stay consistent")
    func alternatingWriters() async throws {
        let directory = try TemporaryDirectory()
        let first = try SheetLogDatabase.open(path: directory.path(), options: testOptions())
        let second = try SheetLogDatabase.open(path: directory.path(), options: testOptions())
        try await first.record(.present(presentation: "p", route: .newExpense), in: "s")
        _ = try await second.state(of: "s")  // both caches now hold version 1
        for round in 0..<10 {
            let writer = round.isMultiple(of: 2) ? first : second
            let result = try await writer.record(.edit(field: "amount", value: .number(Double(round))), in: "s")
            #expect(result.state.version == Int64(round + 2))
        }
        let stored = try await first.backend.readStream("s")
        #expect(stored.map(\.version) == Array(1...11))
        #expect(try await second.state(of: "s") == (try await first.state(of: "s")))
        #expect(try await first.state(of: "s").top?.values["amount"] == 9)
        #expect(try await first.verify().isHealthy)
    }

    @Test("concurrent writers in one process are all recorded, in some order, with versions 1…n")
    func concurrentTasks() async throws {
        let database = try SheetLogDatabase.inMemory(options: testOptions())
        try await database.record(.present(presentation: "p", route: .newExpense), in: "s")
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<8 {
                group.addTask { try await database.record(.edit(field: "f\(index)", value: "x"), in: "s") }
            }
            try await group.waitForAll()
        }
        let state = try await database.state(of: "s")
        #expect(state.version == 9)
        #expect(state.top?.values.count == 8)
    }

    @Test("subscribe delivers every event after a position, then new ones")
    func subscribe() async throws {
        let database = try SheetLogDatabase.inMemory(options: testOptions())
        try await database.record(.present(presentation: "p", route: .newExpense), in: "s")
        try await database.record(.edit(field: "a", value: "1"), in: "s")
        let stream = database.subscribe(after: 1)
        try await database.record(.edit(field: "a", value: "2"), in: "s")
        var positions: [Int64] = []
        for try await event in stream {
            positions.append(event.position)
            if positions.count == 2 { break }
        }
        #expect(positions == [2, 3])
    }
}
