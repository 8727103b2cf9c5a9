import Foundation
import Testing
import SheetLog
import SheetLogTestSupport

/// Commands from one process, fired the way apps fire them: one task per keystroke.
@Suite("Commands from many tasks")
@MainActor
struct OrderingTests {
    /// A text typed one character at a time, as a SwiftUI `TextField` binding reports it.
    private static func keystrokes(_ count: Int) -> [String] {
        (1...count).map { length in String(repeating: "x", count: length) }
    }

    @Test("one task per keystroke into a coordinator: every edit recorded, in call order, none rejected",
          arguments: [10, 100])
    func keystrokeTasks(count: Int) async throws {
        let rounds = count == 10 ? 20 : 5
        for round in 0..<rounds {
            let directory = try TemporaryDirectory()
            let database = try SheetLogDatabase.open(path: directory.path(), options: testOptions())
            let coordinator = SheetCoordinator(database: database, session: "window")
            #expect(await coordinator.present("note", route: Route(name: "note")))
            var tasks: [Task<Bool, Never>] = []
            for text in Self.keystrokes(count) {
                tasks.append(Task { await coordinator.edit("text", to: .string(text)) })
            }
            var accepted = 0
            for task in tasks where await task.value { accepted += 1 }
            #expect(accepted == count, "round \(round): \(count - accepted) edits rejected, last error \(String(describing: coordinator.lastError))")
            #expect(coordinator.lastError == nil)

            // The log holds the keystrokes in the order they were typed, nothing else.
            let steps = try await database.replay("window").dropFirst()
            let typed = steps.map { step -> String in
                guard case .string(let text)? = step.state.top?.values["text"] else { return "" }
                return text
            }
            #expect(typed == Self.keystrokes(count), "round \(round)")
            // The coordinator shows the stored state: the last text typed, at the stored version.
            let stored = try await database.state(of: "window")
            #expect(coordinator.state == stored)
            #expect(coordinator.values["text"] == .string(String(repeating: "x", count: count)))
        }
    }

    @Test("50 tasks recording into one session through a SessionRecorder: none rejected, versions 1…51")
    nonisolated func concurrentRecorders() async throws {
        let directory = try TemporaryDirectory()
        let database = try SheetLogDatabase.open(path: directory.path(), options: testOptions())
        let window = database.session("window")
        try await window.record(.present(presentation: "note", route: Route(name: "note")))
        let failures = await withTaskGroup(of: Bool.self) { group in
            for index in 0..<50 {
                group.addTask {
                    do {
                        try await window.record(.edit(field: "field\(index)", value: .string("value \(index)")))
                        return false
                    } catch {
                        return true
                    }
                }
            }
            return await group.reduce(0) { $0 + ($1 ? 1 : 0) }
        }
        #expect(failures == 0)
        let stored = try await database.backend.readStream("window")
        #expect(stored.map(\.version) == Array(1...51))
        let state = try await window.state()
        #expect(state.top?.values.count == 50)
        #expect(try await database.verify().isHealthy)
    }

    @Test("a load that finishes after a later command never takes the coordinator back")
    func loadNeverGoesBack() async throws {
        let database = try SheetLogDatabase.inMemory(options: testOptions())
        let coordinator = SheetCoordinator(database: database, session: "window")
        await coordinator.present("note", route: Route(name: "note"))
        var tasks: [Task<Bool, Never>] = []
        for index in 0..<30 {
            tasks.append(Task { await coordinator.load() })
            tasks.append(Task { await coordinator.edit("text", to: .number(Double(index))) })
        }
        var lastVersion: Int64 = 0
        for task in tasks {
            _ = await task.value
            #expect(coordinator.state.version >= lastVersion)
            lastVersion = coordinator.state.version
        }
        #expect(coordinator.state == (try await database.state(of: "window")))
        #expect(coordinator.values["text"] == 29)
    }
}
