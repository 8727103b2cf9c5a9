import Foundation
import Hummingbird
import HummingbirdTesting
import SheetLog
import SheetLogCore
import SheetLogPostgres
import SheetLogPush
import SheetLogTestSupport
import Testing

/// A reset install's way back to the fleet: its push stops on the fork with an error that says the
/// id is spent, it enrols a new id with the operator's enrolment token, pushes under it, and the
/// fleet holds both histories. Enrolment tokens refused (unknown, revoked, expired, used up, another
/// kind of token) make nothing, and no token is stored in clear or logged.
@Suite struct EnrolmentTests {

    /// A new SheetLog file, as a reinstalled app makes it through the library: one sheet, an edit.
    static func freshInstall(in directory: URL) async throws -> DeviceFile {
        let file = DeviceFile(directory: directory, path: directory.appendingPathComponent("reinstalled.sqlite").path)
        let log = try SheetLogDatabase.open(path: file.path)
        defer { try? log.close() }
        try await log.record(.present(presentation: "expense-1", route: Route(name: "newExpense"), required: ["amount"]), in: "window-after-reset")
        try await log.record(.edit(field: "amount", value: "12.00", presentation: "expense-1"), in: "window-after-reset")
        return file
    }

    // The network is the point here: the library's pusher and enrolment (URLSession) against the
    // real `sheetlog-server serve --postgres` process on loopback.
    @Test(.timeLimit(.minutes(4)))
    func aResetInstallIsToldItsIdIsSpentEnrolsANewOneAndTheFleetKeepsBothHistories() async throws {
        let fleet = try await FleetDatabase.fresh()
        let collector = try await CollectorProcess(fleet: fleet)
        let added = try await InProcessCommand.run(.sheetlogServer, ["enrolment", "add", "app-2.4", "--max-devices", "5", "--postgres", fleet.url])
        #expect(added.status == 0, "\(added.stderr)")
        let enrolmentToken = added.stdout.trimmingCharacters(in: .newlines)

        // The first install pushes its whole log as ipad-7.
        let original = try await DeviceFile.make(seed: 51_000, appends: 0..<40, name: "ipad-7.sqlite")
        defer { try? FileManager.default.removeItem(at: original.directory) }
        let token = try await collector.token(for: "ipad-7")
        do {
            let log = try SheetLogDatabase.open(path: original.path)
            defer { try? log.close() }
            _ = try await log.push(to: collector.url, device: "ipad-7", token: token, follow: false).result
        }

        // Reset: a new file under the same id and token. The push stops on the fork, saying what to do.
        let resetDirectory = try TemporaryDirectory()
        let reset = try await Self.freshInstall(in: resetDirectory.url)
        let log = try SheetLogDatabase.open(path: reset.path)
        defer { try? log.close() }
        let refused = try log.push(to: collector.url, device: "ipad-7", token: token, follow: false)
        let error = await #expect(throws: SheetLogError.self) { try await refused.result }
        #expect(error?.code == .historyMismatch, "\(String(describing: error))")
        #expect(error?.message.contains("HTTP 409 fork") == true && error?.message.contains("ipad-7 is spent") == true
                && error?.message.contains("enrol a new device id") == true, "\(String(describing: error))")
        #expect(refused.state == error.map(PushState.stopped))

        // The old id cannot be enrolled again; a new one can, and pushes the new file.
        let taken = await #expect(throws: SheetLogError.self) {
            try await SheetLogDatabase.enrol(at: collector.url, enrolmentToken: enrolmentToken, device: "ipad-7")
        }
        #expect(taken?.code == .deviceIDTaken, "\(String(describing: taken))")
        let newID = "ipad-7-\(UUID().uuidString.prefix(8).lowercased())"
        let enrolled = try await SheetLogDatabase.enrol(at: collector.url, enrolmentToken: enrolmentToken, device: newID)
        #expect(enrolled.device == newID && enrolled.token.wholeMatch(of: /sld_[0-9a-f]{64}/) != nil)
        #expect(!"\(enrolled)".contains(enrolled.token), "a credential never prints its token")
        let (finalState, monitored) = try await Self.pushWatched(log, to: collector.url, as: enrolled)
        #expect(finalState == .finished(acknowledgedThrough: 2))
        #expect(monitored == finalState, "the monitor ends on the task's final state")

        // The fleet holds both histories, each as its file holds it.
        #expect(try await fleet.rows(device: "ipad-7") == (try original.rows()))
        #expect(try await fleet.rows(device: newID) == (try reset.rows()))
        #expect(try await fleet.count("SELECT count(*) FROM enrolled_devices WHERE device = $1", device: newID) == 1)
        let logged = try collector.stop()
        #expect(logged.contains("enrol \(newID) by app-2.4 201"), "\(logged)")
        #expect(logged.contains("enrol ipad-7 by app-2.4 409"), "\(logged)")
        for secret in [enrolmentToken, enrolled.token, token] { #expect(!logged.contains(secret), "no token in the collector's log") }
        #expect(!logged.contains("sle_") && !logged.contains("sld_"))
    }

    /// Pushes `log` as the enrolled device, watched by a ``PushMonitor`` on the main actor (this
    /// target's default isolation is nonisolated: the sample's shape compiles here too).
    @MainActor
    static func pushWatched(_ log: SheetLogDatabase, to collector: String, as enrolled: DeviceEnrolment) async throws -> (PushState, PushState) {
        let push = PushMonitor(try log.push(to: collector, device: enrolled.device, token: enrolled.token, follow: false))
        _ = try await push.task.result
        // A bound for a hang, not for speed: the monitor's last state reaches a busy main actor late.
        let deadline = ContinuousClock.now + .seconds(120)
        while push.state != push.task.state, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(10)) }
        return (push.task.state, push.state)
    }

    @Test(arguments: Transport.allCases)
    func refusedEnrolmentsSayWhyAndMakeNothing(_ transport: Transport) async throws {
        let harness = try await CollectorHarness.make()
        defer { harness.close() }
        let enrolments = harness.collector.enrolments
        let one = try await enrolments.add(name: "one-device", maxDevices: 1, expiresAt: nil)
        let unlimited = try await enrolments.add(name: "unlimited", maxDevices: nil, expiresAt: nil)
        let revoked = try await enrolments.add(name: "revoked", maxDevices: nil, expiresAt: nil)
        #expect(try await enrolments.revoke(name: "revoked") == 1)
        let expired = try await enrolments.add(name: "expired", maxDevices: nil, expiresAt: Int64(Date().timeIntervalSince1970 * 1_000) - 1_000)
        let body = #"{"device":"fresh-1"}"#

        try await harness.run(transport) { client in
            func enrol(_ token: String?, _ body: String) async throws -> PushAnswer {
                var headers: HTTPFields = [.contentType: "application/json"]
                if let token { headers[.authorization] = "Bearer \(token)" }
                return try await client.fetch("/v1/enrol", method: .post, headers: headers, body: body)
            }
            let anonymous = try await enrol(nil, body)
            #expect(anonymous.status == .unauthorized && anonymous.headers[.wwwAuthenticate]?.hasPrefix("Bearer") == true)
            #expect(try await enrol("sle_" + String(repeating: "0", count: 64), body).status == .unauthorized)
            #expect(try await enrol("not a token", body).status == .unauthorized)
            let wasRevoked = try await enrol(revoked, body)
            #expect(wasRevoked.status == .unauthorized && wasRevoked.message.contains("unknown or revoked"), "\(wasRevoked.body)")
            let hasExpired = try await enrol(expired, body)
            #expect(hasExpired.status == .unauthorized && hasExpired.message.contains("expired at"), "\(hasExpired.body)")
            let deviceToken = try await enrol(harness.deviceToken, body)
            #expect(deviceToken.status == .forbidden && deviceToken.code == "forbidden", "\(deviceToken.body)")
            #expect(try await enrol(harness.readerToken, body).status == .forbidden)

            for malformed in [#"{"device":".."}"#, #"{"device":""}"#, #"{"device":"a","extra":1}"#, #"["fresh-1"]"#, "not json"] {
                let answer = try await enrol(one, malformed)
                #expect(answer.status == .badRequest && answer.code == "invalidInput", "\(malformed): \(answer.body)")
            }
            let huge = try await enrol(one, #"{"device":""# + String(repeating: "x", count: 5_000) + #""}"#)
            #expect(huge.status == .contentTooLarge, "\(huge.body)")
            let known = try await enrol(one, #"{"device":"\#(harness.device)"}"#)
            #expect(known.status == .conflict && known.code == "deviceIDTaken", "\(known.body)")

            let enrolled = try await enrol(one, body)
            #expect(enrolled.status == .created && enrolled.headers[.cacheControl] == "no-store", "\(enrolled.body)")
            let token = try #require(enrolled.object["token"] as? String)
            #expect(enrolled.object["device"] as? String == "fresh-1" && token.wholeMatch(of: /sld_[0-9a-f]{64}/) != nil)
            #expect(try await harness.collector.credential(of: token) == .device("fresh-1"), "the token pushes fresh-1's log")
            let again = try await enrol(unlimited, body)
            #expect(again.status == .conflict && again.code == "deviceIDTaken", "an id is enrolled once: \(again.body)")
            let usedUp = try await enrol(one, #"{"device":"fresh-2"}"#)
            #expect(usedUp.status == .forbidden && usedUp.message.contains("enrolled the 1 device"), "\(usedUp.body)")
            #expect(!harness.logs.text.contains(token), "the device token is not logged")
        }
        // Only fresh-1 was made: one enrolment, one token; nothing for the refused ids.
        #expect(try await harness.fleet.count("SELECT count(*) FROM enrolled_devices WHERE $1 = $1", device: "") == 1)
        #expect(try await harness.fleet.count("SELECT count(*) FROM tokens WHERE subject = $1", device: "fresh-1") == 1)
        #expect(try await harness.fleet.count("SELECT count(*) FROM tokens WHERE subject = $1", device: "fresh-2") == 0)
        #expect(try await harness.fleet.count("SELECT count(*) FROM tokens WHERE subject = $1", device: "..") == 0)
        for secret in [one, unlimited, revoked, expired] { #expect(!harness.logs.text.contains(secret), "no enrolment token in the log") }
        #expect(harness.logs.text.contains("enrol fresh-2 by one-device 403"), "\(harness.logs.text)")
    }

    @Test func anEnrolmentTokenIsPrintedOnceStoredAsItsHashListedAndRevoked() async throws {
        let fleet = try await FleetDatabase.fresh()
        let added = try await InProcessCommand.run(.sheetlogServer, ["enrolment", "add", "app-2.4", "--max-devices", "3", "--expires", "30d", "--postgres", fleet.url])
        #expect(added.status == 0, "\(added.stderr)")
        let token = added.stdout.trimmingCharacters(in: .newlines)
        #expect(token.wholeMatch(of: /sle_[0-9a-f]{64}/) != nil && added.stdout == token + "\n", "\(added.stdout)")
        #expect(added.stderr.contains("not shown again") && !added.stderr.contains(token))
        // PostgreSQL's own sha256(), not the code's; and its 64 digits in no row of the table.
        #expect(try await fleet.count(
            "SELECT count(*) FROM enrolment_tokens WHERE sha256 = encode(sha256(convert_to($1, 'UTF8')), 'hex') AND name = 'app-2.4' AND max_devices = 3",
            device: token) == 1)
        #expect(try await fleet.count(
            "SELECT count(*) FROM enrolment_tokens t WHERE position($1 IN row_to_json(t)::text) > 0", device: String(token.dropFirst(4))) == 0)
        let expiresIn = try await fleet.count(
            "SELECT round((expires_at - created_at) / 3600000.0)::bigint FROM enrolment_tokens WHERE name = $1", device: "app-2.4")
        #expect(expiresIn == 30 * 24, "30d is 720 hours")

        let enrolments = try await PostgresEnrolments.open(url: fleet.url)
        defer { enrolments.close() }
        guard case .enrolled = try await enrolments.enrol(enrolmentToken: token, device: "listed-1") else {
            Issue.record("the token did not enrol")
            return
        }
        let listed = try await InProcessCommand.run(.sheetlogServer, ["enrolment", "list", "--postgres", fleet.url])
        let lines = listed.stdout.split(separator: "\n")
        #expect(listed.status == 0 && lines.count == 2 && lines[1].hasPrefix("app-2.4\t") && lines[1].hasSuffix("\t3\t1\t-"), "\(listed.stdout)")
        #expect(!listed.stdout.contains(token))

        let revoked = try await InProcessCommand.run(.sheetlogServer, ["enrolment", "revoke", "app-2.4", "--postgres", fleet.url])
        #expect(revoked.status == 0 && revoked.stdout == "revoked 1 enrolment token of app-2.4\n", "\(revoked.stdout)\(revoked.stderr)")
        #expect(try await enrolments.enrol(enrolmentToken: token, device: "listed-2") == .unknownToken)
        let again = try await InProcessCommand.run(.sheetlogServer, ["enrolment", "revoke", "app-2.4", "--postgres", fleet.url])
        #expect(again.status == 1 && again.stderr == "sheetlog-server: enrolment app-2.4 has no token to revoke\n", "\(again.stderr)")

        for arguments in [["--expires", "yesterday"], ["--expires", "2020-01-01"], ["--max-devices", "0"]] {
            let refused = try await InProcessCommand.run(.sheetlogServer, ["enrolment", "add", "bad"] + arguments + ["--postgres", fleet.url])
            #expect(refused.status == 2 && refused.stdout.isEmpty, "\(arguments): \(refused.stderr)")
        }
        #expect(try await fleet.count("SELECT count(*) FROM enrolment_tokens WHERE name = $1", device: "bad") == 0)
    }
}
