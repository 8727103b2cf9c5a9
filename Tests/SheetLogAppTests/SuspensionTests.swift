import Foundation
import SheetLog
import Synchronization
import Testing

/// An app (or its extension) whose file is in a shared container posts the suspension notifications
/// around going to the background; a suspended handle refuses writes with a typed error and loses
/// nothing it acknowledged.
@Suite(.serialized) struct SuspensionTests {
    nonisolated private static func suspend() { NotificationCenter.default.post(name: SheetLogDatabase.suspendNotification, object: nil) }
    nonisolated private static func resume() { NotificationCenter.default.post(name: SheetLogDatabase.resumeNotification, object: nil) }

    @Test func aSuspendedDatabaseRefusesWritesReadsOnAndResumes() async throws {
        let files = try AppFiles()
        var options = SheetLogDatabase.Options()
        options.observesSuspension = true
        let database = try SheetLogDatabase.open(path: files.path("drafts.sqlite"), options: options)
        let coordinator = SheetCoordinator(database: database, session: "window-\(UUID().uuidString)")
        #expect(await coordinator.present("expense-1", route: Route(name: "newExpense")))
        #expect(await coordinator.edit("amount", to: "47.50"))

        Self.suspend()
        defer { Self.resume() }
        #expect(await coordinator.edit("amount", to: "48.00") == false)
        #expect(coordinator.lastError?.code == .suspended)
        #expect(coordinator.lastError?.localizedDescription.contains("48.00") == false)
        // Reads go on while suspended (WAL): the refused keystroke wrote nothing.
        let stored = try await database.state(of: coordinator.session)
        #expect(stored.version == 2)
        #expect(stored.top?.values["amount"] == "47.50")

        Self.resume()
        #expect(await coordinator.edit("amount", to: "48.00"))
        #expect(try await database.state(of: coordinator.session).top?.values["amount"] == "48.00")
    }

    /// The app guide's options for a file in an app group's container (here, in this serialized suite:
    /// the suspension notifications reach every database of the process that observes them).
    @Test func theShippingOptionsOfTheAppGuide() async throws {
        let files = try AppFiles()
        let databaseURL = files.folder.appendingPathComponent("shared.sqlite")
        let currentUserID = "user-42"
        struct KeychainKeys: KeyProvider {
            nonisolated func masterKey() throws -> MasterKey { MasterKey(bytes: [UInt8](repeating: 1, count: 32))! }
        }
        // doc-sample: docs/app-integration.md
        var options = SheetLogDatabase.Options()
        options.observesSuspension = true                               // the file is in an app group's container
        options.fileProtection = .completeUntilFirstUserAuthentication  // the default, said out loud
        options.keys = KeychainKeys()                                   // the privacy guide's KeyProvider
        options.defaultSubject = currentUserID                          // the person signed in at this launch
        let log = try SheetLogDatabase.open(path: databaseURL.path, options: options)
        // end doc-sample
        try await log.record(.present(presentation: "p1", route: Route(name: "note"), baseline: ["text": "x"]), in: "window-1")
        #expect(try await log.erase(subject: currentUserID, requestedBy: "test").sessions == 1)
        try log.close()
    }

    @Test func aDatabaseThatDoesNotObserveIsNotSuspended() async throws {
        let files = try AppFiles()
        let database = try SheetLogDatabase.open(path: files.path("plain.sqlite"))
        Self.suspend()
        defer { Self.resume() }
        try await database.record(.present(presentation: "p1", route: Route(name: "note")), in: "window-1")
        #expect(try await database.state(of: "window-1").version == 1)
    }

    /// Keystrokes from many tasks while the app goes to the background and back, again and again:
    /// every acknowledged edit is in the log after the resume, every refused one is not, and the
    /// file verifies. The app goes back and forth until every window has typed its keystrokes and
    /// at least one keystroke met a suspension: the amount of work, not the machine's speed, ends it.
    @Test func keystrokesAcrossSuspensionsLoseNothingAcknowledged() async throws {
        let files = try AppFiles()
        var options = SheetLogDatabase.Options()
        options.observesSuspension = true
        let database = try SheetLogDatabase.open(path: files.path("shared.sqlite"), options: options)
        let sessions = (0..<4).map { "window-\($0)" }
        for session in sessions {
            try await database.record(.present(presentation: "form", route: Route(name: "form-\(session)")), in: session)
        }
        defer { Self.resume() }
        let progress = TypingProgress(windows: sessions.count)
        let outcomes = try await withThrowingTaskGroup(of: [String: KeystrokeOutcome].self) { group in
            for session in sessions {
                group.addTask { try await Self.type(atLeast: 60, keystrokesInto: session, of: database, progress: progress) }
            }
            group.addTask {
                var suspended = false
                while progress.windowsTyping.load(ordering: .acquiring) > 0 {
                    suspended ? Self.resume() : Self.suspend()
                    suspended.toggle()
                    try await Task.sleep(for: .milliseconds(1))
                }
                Self.resume()
                return [:]
            }
            var all: [String: KeystrokeOutcome] = [:]
            for try await outcomes in group { all.merge(outcomes) { first, _ in first } }
            return all
        }
        Self.resume()
        let refused = outcomes.values.filter { $0 == .refused }.count
        #expect(refused > 0, "no keystroke met a suspension: the test did not test it")
        let resumedTyping = outcomes.contains { id, outcome in
            guard outcome == .stored, let (session, index) = Self.keystroke(id) else { return false }
            return outcomes.contains { other, otherOutcome in
                otherOutcome == .refused && Self.keystroke(other).map { $0.0 == session && $0.1 < index } == true
            }
        }
        #expect(resumedTyping, "a window typed again after one of its keystrokes was refused")
        for session in sessions {
            let stored = Set(try await database.replay(session).map(\.event.eventID))
            for (id, outcome) in outcomes where id.hasPrefix(session + "-") {
                switch outcome {
                case .stored: #expect(stored.contains(id), "acknowledged \(id) is lost")
                case .refused: #expect(!stored.contains(id), "refused \(id) was written")
                case .unknown: break
                }
            }
        }
        #expect(try await database.verify().isHealthy)
    }

    enum KeystrokeOutcome: Sendable { case stored, refused, unknown }

    /// The window and the number of a keystroke's command id (`window-2-k17`).
    nonisolated private static func keystroke(_ id: String) -> (String, Int)? {
        guard let marker = id.range(of: "-k", options: .backwards), let index = Int(id[marker.upperBound...]) else { return nil }
        return (String(id[..<marker.lowerBound]), index)
    }

    /// Shared by the typing windows and the task that suspends and resumes.
    nonisolated final class TypingProgress: Sendable {
        let refusals = Atomic<Int>(0)
        let windowsTyping: Atomic<Int>
        init(windows: Int) { windowsTyping = Atomic(windows) }
    }

    /// Types keystrokes, each awaited, and says what became of each, by its command id.
    @concurrent
    private static func type(
        atLeast count: Int, keystrokesInto session: String, of database: SheetLogDatabase, progress: TypingProgress
    ) async throws -> [String: KeystrokeOutcome] {
        defer { progress.windowsTyping.subtract(1, ordering: .releasing) }
        var outcomes: [String: KeystrokeOutcome] = [:]
        var keystroke = 0
        var (refused, storedAfterRefusal) = (false, false)
        // At least `count`, and on until this window saw a refusal and then a keystroke stored again
        // (at most 100 times as many, should the machine never let the toggling task run).
        while keystroke < count || (!(refused && storedAfterRefusal) && keystroke < 100 * count) {
            let id = "\(session)-k\(keystroke)"
            do {
                try await database.record(.edit(field: "text", value: .string("v\(keystroke)")), in: session, id: id)
                outcomes[id] = .stored
                if refused { storedAfterRefusal = true }
            } catch let error as SheetLogError where error.code == .suspended {
                outcomes[id] = .refused
                refused = true
                progress.refusals.add(1, ordering: .releasing)
            } catch let error as SheetLogError where error.code == .commitOutcomeUnknown {
                outcomes[id] = .unknown
            }
            keystroke += 1
        }
        return outcomes
    }
}
