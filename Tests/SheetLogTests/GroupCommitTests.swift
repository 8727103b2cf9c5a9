import Foundation
import Testing
@testable import SheetLog
import SheetLogSQLite
import SheetLogTestSupport

/// Calls that arrive while a commit is under way share the next transaction, and each still
/// succeeds or fails on its own.
@Suite("Group commit")
@MainActor
struct GroupCommitTests {
    @Test("100 edits fired at once through a coordinator at FULL: all recorded in order, in far fewer commits")
    func burstSharesCommits() async throws {
        let directory = try TemporaryDirectory()
        var options = testOptions()
        options.durability = .full
        let database = try SheetLogDatabase.open(path: directory.path(), options: options)
        let coordinator = SheetCoordinator(database: database, session: "window")
        await coordinator.present("note", route: Route(name: "note"))
        let before = database.sqliteStore.committedAppendCount
        let tasks = (1...100).map { index in Task { await coordinator.edit("text", to: .number(Double(index))) } }
        for task in tasks { #expect(await task.value) }
        let commits = database.sqliteStore.committedAppendCount - before
        #expect(commits >= 1 && commits <= 25, "100 edits took \(commits) commits")
        let values = try await database.replay("window").dropFirst().map { $0.state.top?.values["text"] }
        #expect(values == (1...100).map { FieldValue.number(Double($0)) })
        #expect(coordinator.values["text"] == 100)
        #expect(try await database.verify().isHealthy)
    }

    @Test("a refused command amid a burst fails alone; the others are recorded in their order")
    func refusalFailsAlone() async throws {
        let database = try SheetLogDatabase.inMemory(options: testOptions())
        try await database.record(.present(presentation: "p", route: .newExpense), in: "s")
        let huge = String(repeating: "x", count: 70 * 1024)  // over the payload limit: refused by the store
        var tasks: [Task<Result<RecordResult, any Error>, Never>] = []
        for index in 0..<30 {
            let command: SheetCommand = switch index {
            case 10: .edit(field: "f", value: "x", presentation: "nope")  // refused by the decider
            case 20: .edit(field: "f", value: .string(huge))
            default: .edit(field: "f", value: .number(Double(index)))
            }
            tasks.append(Task.detached {
                do { return .success(try await database.record(command, in: "s")) } catch { return .failure(error) }
            })
        }
        var refused: [Int] = []
        for (index, task) in tasks.enumerated() {
            if case .failure(let error) = await task.value {
                refused.append(index)
                #expect(error is SheetLogError)
            }
        }
        #expect(refused == [10, 20])
        let stored = try await database.backend.readStream("s")
        #expect(stored.count == 29)
        #expect(stored.map(\.version) == Array(1...29))
    }

    @Test("a lone command is committed at once, without waiting for company")
    func loneCommand() async throws {
        let database = try SheetLogDatabase.inMemory(options: testOptions())
        let before = database.sqliteStore.committedAppendCount
        for index in 0..<5 {
            try await database.record(index == 0 ? .present(presentation: "p", route: .newExpense) : .edit(field: "f", value: .number(Double(index))), in: "s")
        }
        #expect(database.sqliteStore.committedAppendCount - before == 5)
    }
}
