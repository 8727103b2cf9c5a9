import Foundation
import Hummingbird
import HummingbirdTesting
import SheetLogCore
import SheetLogPostgresTestSupport
import SheetLogPush
import SheetLogServer
import Testing

/// `POST /v1/devices/{device}/events` on the real fleet store, through the router alone and a live
/// server: every status of the push protocol, each checked against what PostgreSQL then holds.
@Suite struct CollectorRouteTests {
    static let file = Task { try await DeviceFile.make(seed: 9_300, appends: 0..<200, name: "collected.sqlite") }

    @Test(arguments: Transport.allCases)
    func batchesInOrderAreStoredAsTheFileHoldsThemAndAResendAddsNothing(_ transport: Transport) async throws {
        let file = try await Self.file.value
        let events = try await storedEvents(of: file)
        let harness = try await CollectorHarness.make()
        defer { harness.close() }
        try await harness.run(transport) { client in
            for start in stride(from: 0, to: events.count, by: 100) {
                let batch = Array(events[start..<min(start + 100, events.count)])
                let answer = try await client.push(harness.device, PushBatch.encode(batch), token: harness.deviceToken)
                #expect(answer.status == .ok, "\(answer.body)")
                #expect(answer.object["storedThrough"] as? Int == Int(batch[batch.count - 1].position))
                #expect(answer.object["chain"] as? String == Checksum.hex(batch[batch.count - 1].chain))
            }
            let resend = try await client.push(harness.device, PushBatch.encode(events[0..<100]), token: harness.deviceToken)
            #expect(resend.status == .ok)
            #expect(resend.object["storedThrough"] as? Int == events.count, "a resend answers how far the device is stored")
            let health = try await client.fetch("/health")
            #expect(health.status == .ok && health.object["status"] as? String == "ok")
        }
        #expect(try await harness.fleet.rows(device: harness.device) == (try file.rows()))
        #expect(try await ImportedReadModelTests.differences(file, harness.fleet, device: harness.device) == [])
        #expect(harness.logs.text.contains("push \(harness.device) 100 events"), "\(harness.logs.text)")
    }

    @Test(arguments: Transport.allCases)
    func everyRefusalSaysWhatToDoAndStoresNothing(_ transport: Transport) async throws {
        let file = try await Self.file.value
        let events = try await storedEvents(of: file)
        let harness = try await CollectorHarness.make()
        defer { harness.close() }
        let options = CollectorOptions(limits: PushLimits(maxEvents: 150, maxBytes: 256 << 10))
        try await harness.run(transport, options: options) { client in
            let first = PushBatch.encode(events[0..<50])
            #expect(try await client.push(harness.device, first, token: harness.deviceToken).status == .ok)
            let next = PushBatch.encode(events[50..<100])

            let anonymous = try await client.push(harness.device, next, token: nil)
            #expect(anonymous.status == .unauthorized && anonymous.code == "unauthorized")
            #expect(anonymous.headers[.wwwAuthenticate]?.hasPrefix("Bearer") == true)
            #expect(try await client.push(harness.device, next, token: "sld_" + String(repeating: "0", count: 64)).status == .unauthorized)
            #expect(try await client.push(harness.device, next, token: "not a token").status == .unauthorized)
            let other = try await client.push(harness.device, next, token: harness.otherToken)
            #expect(other.status == .forbidden && other.code == "forbidden")
            #expect(try await client.push(harness.device, next, token: harness.readerToken).status == .forbidden)

            var lines = String(decoding: next, as: UTF8.self).split(separator: "\n").map(String.init)
            let secret = "val-secret-\(UInt32.random(in: 1_000...9_999))"
            lines[1] = #"{"position":51,"payload":"\#(secret)""#
            let malformed = try await client.push(harness.device, Array((lines.joined(separator: "\n") + "\n").utf8), token: harness.deviceToken)
            #expect(malformed.status == .badRequest && malformed.code == "invalidInput")
            #expect(malformed.message.contains("line 2") && !malformed.body.contains(secret), "\(malformed.body)")

            var damaged = Array(events[50..<100])
            damaged[5].payload = #"{"value":"\#(secret)"}"#
            let broken = try await client.push(harness.device, PushBatch.encode(damaged), token: harness.deviceToken)
            #expect(broken.status == .badRequest && broken.code == "integrityViolation" && broken.message.contains("56"), "\(broken.body)")
            #expect(!broken.body.contains(secret))

            let gap = try await client.push(harness.device, PushBatch.encode(events[60..<100]), token: harness.deviceToken)
            #expect(gap.status == .conflict && gap.code == "gap" && gap.error["storedThrough"] as? Int == 50, "\(gap.body)")

            var forked = Array(events[40..<100])
            forked[3].eventID = "forked-id"
            let fork = try await client.push(harness.device, PushBatch.encode(forked), token: harness.deviceToken)
            #expect(fork.status == .conflict && fork.code == "fork" && fork.error["position"] as? Int == 44, "\(fork.body)")

            let tooMany = try await client.push(harness.device, PushBatch.encode(events[50..<200]), token: harness.deviceToken)
            #expect(tooMany.status == .ok, "150 events is the limit here")
            let over = try await client.push(harness.device, PushBatch.encode(events[0..<151]), token: harness.deviceToken)
            #expect(over.status == .contentTooLarge && over.code == "payloadTooLarge", "\(over.body)")
            let huge = [UInt8](repeating: UInt8(ascii: " "), count: (256 << 10) + 1)
            let tooBig = try await client.push(harness.device, huge, token: harness.deviceToken)
            #expect(tooBig.status == .contentTooLarge && tooBig.code == "payloadTooLarge", "\(tooBig.body)")
        }
        // Only the first batch and the 150 events within the limit were stored; each refusal added nothing.
        #expect(try await harness.fleet.rows(device: harness.device) == (try file.rows()).prefix(200).map { $0 })
        #expect(try await harness.fleet.count("SELECT count(*) FROM events WHERE device <> $1", device: harness.device) == 0)
        #expect(!harness.logs.text.contains(harness.deviceToken) && !harness.logs.text.contains(harness.otherToken))
    }

    @Test(arguments: Transport.allCases)
    func aFloodingDeviceIsToldToWaitWhileAnotherIsServed(_ transport: Transport) async throws {
        let file = try await Self.file.value
        let events = try await storedEvents(of: file)
        let harness = try await CollectorHarness.make()
        defer { harness.close() }
        let calm = try await harness.collector.tokens.add(.device("calm"))
        try await harness.run(transport, options: CollectorOptions(perSecond: 0.01, burst: 3)) { client in
            var statuses: [HTTPResponse.Status] = []
            var retryAfter: String?
            let start = ContinuousClock.now
            for _ in 0..<6 {
                let answer = try await client.push(harness.device, Array("garbage\n".utf8), token: harness.deviceToken)
                statuses.append(answer.status)
                if answer.status == .tooManyRequests { retryAfter = answer.headers[.retryAfter] }
            }
            #expect(statuses.prefix(3).allSatisfy { $0 == .badRequest }, "\(statuses)")
            #expect(statuses.suffix(3).allSatisfy { $0 == .tooManyRequests }, "\(statuses)")
            // One token at 0.01/s is 100 s away from the burst's first request, less the time the six
            // requests took (seconds, under a whole suite's load).
            let elapsed = Int((ContinuousClock.now - start).components.seconds)
            #expect(retryAfter.flatMap(Int.init).map { (98 - elapsed...100).contains($0) } == true, "\(String(describing: retryAfter)) after \(elapsed) s")
            let served = try await client.push("calm", PushBatch.encode(events[0..<20]), token: calm)
            #expect(served.status == .ok, "\(served.body)")
        }
        #expect(try await harness.fleet.rows(device: "calm").count == 20)
    }

    @Test(.timeLimit(.minutes(8)))
    func anUnreachableStoreAnswers503WithRetryAfterAndTheSameBatchLandsLater() async throws {
        let file = try await Self.file.value
        let events = try await storedEvents(of: file)
        let cluster = try await PostgresCluster.dedicated()
        defer { cluster.stop() }
        let harness = try await CollectorHarness.make(on: try await FleetDatabase.fresh(on: cluster))
        defer { harness.close() }
        try await harness.run(.live) { client in
            let batch = PushBatch.encode(events[0..<100])
            try await cluster.pause()
            let refused = try await client.push(harness.device, batch, token: harness.deviceToken)
            #expect(refused.status == .serviceUnavailable && refused.code == "connectionFailed", "\(refused.body)")
            #expect(refused.headers[.retryAfter].flatMap(Int.init) == CollectorReply.unavailableRetryAfterSeconds)
            try await cluster.resume()
            var answer = try await client.push(harness.device, batch, token: harness.deviceToken)
            // The pool may hand out connections the stop cut before it notices: retried as a device
            // does, until stored. The bound is for a hang; a busy machine takes seconds to reconnect.
            let deadline = ContinuousClock.now + .seconds(120)
            while answer.status == .serviceUnavailable, ContinuousClock.now < deadline {
                try await Task.sleep(for: .milliseconds(200))
                answer = try await client.push(harness.device, batch, token: harness.deviceToken)
            }
            #expect(answer.status == .ok, "\(answer.body) \(harness.logs.text)")
        }
        #expect(try await harness.fleet.rows(device: harness.device) == (try file.rows()).prefix(100).map { $0 })
    }
}
