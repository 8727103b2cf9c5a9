import Foundation
import SheetLog
import SheetLogFleet
import SheetLogPostgres
import SheetLogTestSupport
import Testing

/// The fleet-wide reads equal the union of each device's own answers: the device list (events,
/// last recorded time), the audit over every device (each record with its device), the sessions
/// per device.
@Suite struct FleetReaderTests {
    // Seconds alone; a clean-clone run of the whole suite on 2 cores saw it pass 3 minutes.
    @Test(.timeLimit(.minutes(8)))
    func fleetReadsAreTheUnionOfTheDevices() async throws {
        let url = try await TestFleet.migratedURL()
        // Names whose byte order differs from a locale's ("B" before "a").
        let devices = ["a-\(TestFleet.device())", "B-\(TestFleet.device())", "c-\(TestFleet.device())"]
        var expectedDevices: [FleetDevice] = []
        var expectedAudit: [FleetDismissal] = []
        var expectedDiscarded: [FleetDismissal] = []
        var expectedSessions: [String: [SessionSummary]] = [:]
        for (index, device) in devices.sorted(by: { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }).enumerated() {
            let clock = ManualClock()
            let database = try await SheetLogDatabase.openFleet(url: url, device: device, options: .init(clock: clock))
            defer { try? database.close() }
            var states: [String: SessionState] = [:]
            for step in 0..<40 {
                clock.set(milliseconds: Int64(1_767_225_600_000 + index * 100_000 + step * 1_000))
                var chooser = CommandChooser(index * 1_000 + step)
                let session = chooser.pick(["s1", "s2"])
                let state = states[session] ?? SessionState(sessionID: session)
                let drafts = try await database.recoverableDrafts().map(\.reference)
                let command = chooser.command(for: state, freshID: "p\(step)", drafts: drafts)
                if let result = try? await database.record(command, in: session, occurredAt: clock.nowMilliseconds()) {
                    states[session] = result.state
                }
            }
            let events = try await database.backend.readAll()
            expectedDevices.append(FleetDevice(device: device, events: Int64(events.count), lastRecordedAt: events.last?.recordedAt))
            expectedAudit += try await database.audit().map { FleetDismissal(device: device, record: $0) }
            expectedDiscarded += try await database.dismissalsThatDiscardedUnsavedData().map { FleetDismissal(device: device, record: $0) }
            expectedSessions[device] = try await database.sessions()
        }
        let fleet = try await PostgresFleetReader.open(url: url)
        defer { fleet.close() }
        #expect(try await fleet.devices() == expectedDevices)
        for device in expectedDevices { #expect(try await fleet.hasDevice(device.device)) }
        #expect(try await !fleet.hasDevice("no-such-device"))
        #expect(try await !fleet.hasDevice(String(expectedDevices[0].device.dropLast())), "a prefix of a device id is no device")
        #expect(try await fleet.audit() == expectedAudit)
        #expect(!expectedAudit.isEmpty, "the workload must dismiss sheets")
        #expect(try await fleet.audit(AuditQuery(), .discardedUnsavedData) == expectedDiscarded)
        #expect(try await fleet.audit(AuditQuery(limit: 3)) == Array(expectedAudit.prefix(3)))
        #expect(try await fleet.audit(AuditQuery(route: "newExpense")) == expectedAudit.filter { $0.record.route == "newExpense" })
        #expect(try await fleet.sessions() == expectedSessions)
        #expect(try await fleet.sessions(device: devices[1]) == [devices[1]: expectedSessions[devices[1]] ?? []])
    }
}
