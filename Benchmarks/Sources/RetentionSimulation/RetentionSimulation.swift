import Foundation
import GRDB
import SheetLog
import SheetLogTestSupport

/// Simulates a device's log over days: each day the app's launches record their commands
/// (``SimulatedLaunch``) at the simulated day's time (an injected ``ManualClock``), then, with a
/// retention, `prune(before: now - retentionDays)`, then a WAL checkpoint, then the file is measured.
/// At the end, ``finalProblems`` checks what the kept log still answers.
@MainActor
public struct RetentionSimulation {
    public let settings: SimulationSettings
    public let path: String

    /// 2026-01-01T00:00:00Z, the first day's midnight.
    static let firstMidnight: Int64 = 1_767_225_600_000
    static let day: Int64 = 86_400_000
    /// When the launches begin, hours after midnight.
    static let launchHours: [Int64] = [8, 12, 17, 21, 7, 10, 14, 19]
    /// The session holding the draft kept open for ever (``SimulationSettings/openDraft``).
    static let openDraftSession = "forever"

    private let clock = ManualClock(milliseconds: firstMidnight)
    private let master = MasterKey.generate()

    /// A simulation writing its database at `path` (created; any file there is replaced).
    public init(settings: SimulationSettings, path: String) {
        self.settings = settings
        self.path = path
    }

    /// Runs every day, calling `progress` after each; returns the days as measured.
    public func run(progress: (SimulatedDay) -> Void = { _ in }) async throws -> [SimulatedDay] {
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
        var random = SplitMix64(seed: settings.seed)
        var days: [SimulatedDay] = []
        var killedYesterday = false
        for day in 1...settings.days {
            let killed = settings.killEveryDays > 0 && day % settings.killEveryDays == 0
            for launch in 0..<settings.launchesPerDay {
                let last = launch == settings.launchesPerDay - 1
                try await runLaunch(day: day, launch: launch, killed: killed && last, recovers: launch == 0 && killedYesterday, using: &random)
            }
            killedYesterday = killed
            let measured = try await endOfDay(day)
            days.append(measured)
            progress(measured)
        }
        return days
    }

    private func runLaunch(day: Int, launch: Int, killed: Bool, recovers: Bool, using random: inout SplitMix64) async throws {
        let hour = Self.launchHours[launch % Self.launchHours.count] + Int64(launch / Self.launchHours.count)
        clock.set(milliseconds: midnight(day) + hour * 3_600_000 + Int64(random.below(1_800_000)))
        let database = try open()
        defer { try? database.close() }
        let session = String(format: "d%03d-l%d", day, launch)
        if settings.openDraft, day == 1, launch == 0 { try await leaveDraftOpen(in: database) }
        let simulated = SimulatedLaunch(
            database: database, clock: clock, settings: settings, session: session, prefix: session,
            untouchedSession: settings.openDraft ? Self.openDraftSession : nil)
        let coordinator = SheetCoordinator(database: database, session: session)
        var budget = settings.keystrokesPerLaunch
        // Every launch shows the recovery screen; it has something to restore the day after a kill.
        let recovered = try await simulated.recover(into: coordinator, using: &random)
        if recovers, recovered == 0 {
            throw SheetLogError(.notFound, "the draft of yesterday's killed launch was not offered", context: .init(stream: session, operation: "retention simulation"))
        }
        budget -= recovered
        try await simulated.run(coordinator, budget: max(1, budget), killed: killed, using: &random)
    }

    /// A form of day 1 typed into and left on screen in a session never ended or recovered.
    private func leaveDraftOpen(in database: SheetLogDatabase) async throws {
        let recorder = database.session(Self.openDraftSession)
        _ = try await recorder.record(.present(presentation: "kept-open", route: Route(name: "newExpense", group: "editor"), required: ["amount"]))
        for text in ["4", "42", "42.", "42.5", "42.50"] {
            clock.advance(by: settings.keystrokeInterval)
            _ = try await recorder.record(.edit(field: "amount", value: .string(text)))
        }
    }

    /// The day's prune (with a retention), a WAL checkpoint, and the measures.
    private func endOfDay(_ day: Int) async throws -> SimulatedDay {
        clock.set(milliseconds: midnight(day) + 23 * 3_600_000)
        let database = try open()
        defer { try? database.close() }
        var report: PruneReport?
        if let retentionDays = settings.retentionDays {
            let before = Date(timeIntervalSince1970: Double(clock.nowMilliseconds() - Int64(retentionDays) * Self.day) / 1_000)
            report = try await database.prune(before: before)
        }
        let walBytes = try checkpoint()
        let stats = try await database.stats()
        return SimulatedDay(
            day: day, fileBytes: Self.size(of: path), walBytes: walBytes, events: stats.events, removedEvents: report?.removedEvents ?? 0,
            bytesFreed: report?.bytesFreed ?? 0, cutPosition: report?.cutPosition ?? 0, sessionsKept: stats.sessions,
            stoppedBy: report.map { "\($0.stoppedBy)" } ?? "")
    }

    /// `PRAGMA wal_checkpoint(TRUNCATE)` on a connection of its own (the public API has none: a
    /// handle's last close checkpoints); returns the WAL's size after it.
    private func checkpoint() throws -> Int64 {
        let queue = try DatabaseQueue(path: path)
        _ = try queue.writeWithoutTransaction { db in try Row.fetchOne(db, sql: "PRAGMA wal_checkpoint(TRUNCATE)") }
        try queue.close()
        return Self.size(of: path + "-wal")
    }

    func open() throws -> SheetLogDatabase {
        var options = SheetLogDatabase.Options(clock: clock)
        // Durability does not change what the file holds, only when it is synced: `.normal` spares the
        // run an fsync per keystroke.
        options.durability = .normal
        if settings.sealed {
            options.keys = master
            options.defaultSubject = "person-1"
        }
        return try SheetLogDatabase.open(path: path, options: options)
    }

    func midnight(_ day: Int) -> Int64 {
        Self.firstMidnight + Int64(day - 1) * Self.day
    }

    static func size(of path: String) -> Int64 {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber)?.int64Value ?? 0
    }
}
