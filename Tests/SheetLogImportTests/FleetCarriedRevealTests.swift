import Foundation
import HummingbirdTesting
import SheetLog
import SheetLogCore
import SheetLogPostgres
import SheetLogReports
import SheetLogServer
import SheetLogTestSupport
import Testing

/// A reveal of a session a device's prune carried, in the fleet the device's pruned file was imported
/// into: the steps start from the carried state, as the device's own replay does, and the kept
/// events' values open with the subject's shared key (found by an adversary: the reveal replayed
/// from version 1 and answered that the session was pruned).
@Suite struct FleetCarriedRevealTests {
    @Test(.timeLimit(.minutes(5)))
    func aRevealOfACarriedSessionStartsFromItsBaseAndOpensTheKeptValues() async throws {
        let key = MasterKey.generate()
        let file = try DeviceFile.unwritten()
        defer { file.remove() }
        let clock = ManualClock()
        let database = try SheetLogDatabase.open(path: file.path, options: FleetBaseImportTests.sealed(key)(clock))
        defer { try? database.close() }
        try await database.record(.present(presentation: "p1", route: Route(name: "newExpense"), baseline: ["payee": "mk-base-3f1a"]), in: "k", subject: "kept")
        try await database.record(.edit(field: "amount", value: "mk-carried-8c2e"), in: "k")
        clock.advance(by: 30 * FleetBaseImportTests.day)
        let report = try await database.prune(before: PrunedPushTests.cutoff(clock))
        #expect(report.carriedSessions == 1, "the control: k is carried at version 2")
        try await database.record(.edit(field: "note", value: "mk-kept-41d9"), in: "k")
        try await database.record(.attemptDismiss(source: .swipe), in: "k")
        guard case .available(let subjectKey) = try database.backend.subjectKeys.key(for: "kept") else {
            Issue.record("the file holds no key for its subject")
            return
        }

        let fleet = try await FleetDatabase.fresh()
        let run = try await FleetBaseImportTests.importFile(file, as: "phone", into: fleet)
        #expect(run.status == 0 && run.stdout.contains("new to the fleet"), "\(run.stdout)\(run.stderr)")
        let fleetDatabase = SheetLogDatabase(backend: try await PostgresBackend.open(url: fleet.url, device: "phone"), options: .init(), path: nil)
        defer { try? fleetDatabase.close() }
        let reader = FleetReader(
            devices: { ["phone"] }, open: { $0 == "phone" ? fleetDatabase : nil },
            subjectKey: { device, subject in device == "phone" && subject == "kept" ? .available(subjectKey) : .withheld })

        let onDevice = try await database.replay("k")
        let revealed = try await reader.revealedReplay(device: "phone", session: "k", through: nil)
        #expect(revealed.map(\.version) == [3, 4] && revealed.map(\.version) == onDevice.map(\.version))
        #expect(revealed.first?.base?.version == 2 && revealed.first?.base?.prunedAt == onDevice.first?.base?.prunedAt)
        let last = try #require(revealed.last?.state.presentation("p1"))
        #expect(last.values["note"] == .string("mk-kept-41d9"), "the kept edit's value opens with the shared key: \(last.values)")
        #expect(last.values["amount"] == .withheld && last.baseline["payee"] == .withheld, "carried values stay withheld: \(last.values)")
        #expect(last.pendingConfirmation == onDevice.last?.state.presentation("p1")?.pendingConfirmation, "the swipe asks as on the device")
        let masked = try await reader.replay(device: "phone", session: "k", through: nil)
        #expect(masked.last?.state.presentation("p1")?.values["note"] == .withheld, "the control: without a reveal the value is withheld")

        let moment = try await reader.revealedMoment(device: "phone", session: "k", at: .version(3))
        #expect(moment.step.version == 3 && moment.step.state.presentation("p1")?.values["note"] == .string("mk-kept-41d9"))
        #expect(moment.previous?.version == 2, "the step before the first kept one is the carried state")
        await #expect(throws: SheetLogError.self, "a carried version is gone from the fleet too") {
            _ = try await reader.revealedMoment(device: "phone", session: "k", at: .version(2))
        }
    }

    /// The same through the viewer's routes, as a support engineer reveals: the POST that records
    /// the reveal checked that the session exists by reading its version 1, which a carried session
    /// no longer has (found by an adversary after the fix above: still 410 over HTTP).
    @Test(.timeLimit(.minutes(5)), arguments: Transport.allCases)
    func theViewerRevealsACarriedSession(_ transport: Transport) async throws {
        let (file, clock, _) = try await FleetBaseImportTests.prunedFile()
        defer { file.remove() }
        try await FleetBaseImportTests.grow(file, clock)
        let harness = try await CollectorHarness.make(device: "phone")
        defer { harness.close() }
        let run = try await FleetBaseImportTests.importFile(file, as: "phone", into: harness.fleet)
        #expect(run.status == 0 && run.stdout.contains("new to the fleet"), "\(run.stdout)\(run.stderr)")
        let revealer = try await harness.collector.tokens.add(.revealer("ines"))
        try await harness.run(transport) { client in
            let masked = try await client.fetch("/api/devices/phone/sessions/draft/replay", headers: RevealTests.bearer(revealer))
            #expect(masked.status == .ok && !masked.body.contains("13.00"), "\(masked.body)")

            let answer = try await client.fetch("/api/devices/phone/reveal?session=draft", method: .post, headers: RevealTests.bearer(revealer))
            #expect(answer.status == .created, "\(answer.body)")
            let id = try #require(answer.object["reveal"] as? Int)
            let replay = try await client.fetch("/api/devices/phone/sessions/draft/replay?reveal=\(id)", headers: RevealTests.bearer(revealer))
            #expect(replay.status == .ok && replay.body.contains("13.00"), "the kept edit's value is revealed: \(replay.body)")
            let page = try await client.fetch("/devices/phone/sessions/draft?reveal=\(id)", method: .get, headers: RevealTests.bearer(revealer))
            #expect(page.status == .ok && page.body.contains("13.00"), "\(page.status)")

            // A session the prune removed whole is not in the fleet (its base carries none of them):
            // no reveal is recorded of it.
            let removed = try await client.fetch("/api/devices/phone/reveal?session=a", method: .post, headers: RevealTests.bearer(revealer))
            #expect(removed.status == .notFound, "\(removed.body)")
            let records = try await harness.collector.revealRecords(limit: 10, before: nil)
            #expect(records.map(\.session) == ["draft"])
        }
    }
}
