import Foundation
import SheetLog
import SheetLogFleet
import SheetLogReports
import SheetLogTestSupport
import Testing

/// The facade on the fleet store answers as the facade on a device's SQLite file: the same seeded
/// random command sequences recorded through both leave the same log (positions, ids, chains), and
/// `audit`, `recover`, `stats`, the session list and the replay of every session are equal, down to
/// the bytes of the JSON the reading commands print (SheetLogReports).
@Suite struct FleetFacadeDifferentialTests {
    static let sessions = ["s1", "s2", "s3"]

    // Seconds alone; in the whole suite it shares 2 cores and the test cluster with the 100-device push.
    @Test(.timeLimit(.minutes(8)), arguments: [11, 2_026])
    func theSameCommandsGiveTheSameAnswers(seed: Int) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sheetlog-fleet-diff-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let (sqliteClock, fleetClock) = (ManualClock(), ManualClock())
        let sqlite = try SheetLogDatabase.open(path: directory.appendingPathComponent("device.sqlite").path, options: .init(clock: sqliteClock))
        let url = try await TestFleet.migratedURL()
        let device = TestFleet.device("diff")
        let fleet = try await SheetLogDatabase.openFleet(url: url, device: device, options: .init(clock: fleetClock))
        defer {
            try? sqlite.close()
            try? fleet.close()
        }
        // Another device's log in the same tables: nothing of it may show in this device's answers.
        let bystander = try await SheetLogDatabase.openFleet(url: url, device: "bystander")
        try await bystander.record(.present(presentation: "b", route: Route(name: "newExpense", group: "editor")), in: "s1", id: "c0")
        try bystander.close()

        var states: [String: SessionState] = [:]
        var sent: [CommandEnvelope] = []
        var random = CommandChooser(seed)
        for step in 0..<90 {
            let time = Int64(1_767_225_600_000 + step * 1_000)
            sqliteClock.set(milliseconds: time + 7)
            fleetClock.set(milliseconds: time + 7)
            let drafts = try await sqlite.recoverableDrafts().map(\.reference)
            var batch: [CommandEnvelope]
            switch random.below(10) {
            case 0 where sent.count >= 4:
                // A resend of the last commands, ids and all: recognised, nothing appended.
                batch = Array(sent.suffix(4))
            case 1:
                // One command per session in one call: decided together, committed together.
                batch = Self.sessions.enumerated().map { index, session in
                    var chooser = CommandChooser(seed &* 31 &+ step &* 7 &+ index)
                    let state = states[session] ?? SessionState(sessionID: session)
                    return CommandEnvelope(
                        session: session, command: chooser.command(for: state, freshID: "p\(step)-\(index)", drafts: drafts),
                        id: "c\(step)-\(index)", occurredAt: time)
                }
            default:
                var chooser = CommandChooser(seed &* 1_000 &+ step)
                let session = chooser.pick(Self.sessions)
                let state = states[session] ?? SessionState(sessionID: session)
                batch = [CommandEnvelope(
                    session: session, command: chooser.command(for: state, freshID: "p\(step)", drafts: drafts), id: "c\(step)",
                    occurredAt: time)]
            }
            let onDevice = await Self.outcome { try await sqlite.record(batch) }
            let inFleet = await Self.outcome { try await fleet.record(batch) }
            #expect(onDevice == inFleet, "step \(step)")
            if case .success(let results) = onDevice {
                for result in results { states[result.session] = result.state }
                sent += batch
            }
        }

        #expect(try await fleet.backend.readAll() == sqlite.backend.readAll())
        #expect(try await fleet.sessions() == sqlite.sessions())
        for session in try await sqlite.sessions().map(\.session) {
            #expect(try ReplayReport.json(await fleet.replay(session)) == ReplayReport.json(await sqlite.replay(session)), "\(session)")
        }
        #expect(try AuditReport.json(await fleet.audit()) == AuditReport.json(await sqlite.audit()))
        #expect(try await fleet.dismissalsThatDiscardedUnsavedData() == sqlite.dismissalsThatDiscardedUnsavedData())
        #expect(try await fleet.draftsForcedOffScreen() == sqlite.draftsForcedOffScreen())
        let since = Date(timeIntervalSince1970: 1_767_225_630.0005)
        for query in [AuditQuery(route: "newExpense", limit: 2), AuditQuery(session: "s2", since: since), AuditQuery(source: .swipe, until: since)] {
            #expect(try await fleet.audit(query) == sqlite.audit(query), "\(query)")
        }
        #expect(try DraftsReport.json(await fleet.recoverableDrafts()) == DraftsReport.json(await sqlite.recoverableDrafts()))
        #expect(try await fleet.sessionActivity() == sqlite.sessionActivity())
        let (fleetStats, deviceStats) = (try await fleet.stats(), try await sqlite.stats())
        #expect(fleetStats.events == deviceStats.events && fleetStats.sessions == deviceStats.sessions)
        #expect(fleetStats.eventsByType == deviceStats.eventsByType)
        #expect(fleetStats.openDrafts == deviceStats.openDrafts && fleetStats.recoverableDrafts == deviceStats.recoverableDrafts)
        #expect(fleetStats.events > 30, "the sequence must reach a log worth comparing")
        let report = try await fleet.verify()
        #expect(report.isHealthy, "\(String(describing: report.firstFailure))")
        #expect(report.checks.map(\.name) == (try await sqlite.verify()).checks.map(\.name))
    }

    /// A record call's outcome, comparable across backends: the results, or the error's code and message.
    enum Outcome: Equatable {
        case success([RecordResult])
        case failure(SheetLogError.Code, String)
    }

    static func outcome(_ body: () async throws -> [RecordResult]) async -> Outcome {
        do {
            return .success(try await body())
        } catch let error as SheetLogError {
            return .failure(error.code, error.message)
        } catch {
            return .failure(.storage, "\(type(of: error))")
        }
    }
}
