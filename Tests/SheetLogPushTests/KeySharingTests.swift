import Foundation
import SheetLogCore
import SheetLogTestSupport
import Testing
@testable import SheetLogPush

/// The pusher's key sharing (a collector played by a script): keys go once every event is sent, a
/// subject is shared once a run, an unreachable collector is retried, a refusal stops; and the wire
/// format is decoded strictly.
@Suite struct KeySharingTests {
    /// A collector that stores every batch and answers the key requests from a script.
    final class KeyCollector: PushTransport, @unchecked Sendable {
        let collector = "http://collector.test"
        let publicKey = CollectorKey.generate().publicKey
        let keyReplies: LockedBox<[KeyShareReply]>
        let shared = LockedBox<[[String]]>([])
        let eventsSentBeforeKeys = LockedBox<[Int]>([])
        let eventsSent = LockedBox(0)
        let keyAsked = LockedBox(0)

        init(_ keyReplies: [KeyShareReply] = []) { self.keyReplies = LockedBox(keyReplies) }

        func send(_ body: [UInt8], device: String, token: String) async -> PushReply {
            let batch = (try? PushBatch.decode(body)) ?? []
            eventsSent.withLock { $0 += batch.count }
            return .stored(storedThrough: batch.last!.position, chain: batch.last!.chain)
        }

        func collectorKey(token: String) async -> KeyShareReply {
            keyAsked.withLock { $0 += 1 }
            return .collectorKey(publicKey)
        }

        func shareKeys(_ body: [UInt8], device: String, token: String) async -> KeyShareReply {
            if let scripted = keyReplies.withLock({ $0.isEmpty ? nil : $0.removeFirst() }) { return scripted }
            let keys = (try? KeyShareBatch.decode(body)) ?? []
            shared.withLock { $0.append(keys.map(\.subject)) }
            eventsSentBeforeKeys.withLock { $0.append(eventsSent.withLock { $0 }) }
            return .shared(stored: keys.count, erased: [])
        }
    }

    static func pusher(_ log: PusherTests.MemoryLog, _ collector: KeyCollector, subjects: LockedBox<[String]>) -> Pusher {
        var pusher = Pusher(source: log, transport: collector, device: "d", token: "t", limits: PushLimits(maxEvents: 10))
        pusher.sleep = { _ in }
        pusher.jitter = { 0 }
        pusher.keySharing = KeySharing { key, alreadyShared in
            subjects.withLock { $0 }.filter { !alreadyShared.contains($0) }.map {
                SharedSubjectKey.wrap(DataKey.random(), subject: $0, device: "d", for: key)
            }
        }
        return pusher
    }

    @Test func keysGoOnceEveryEventIsSentAndEachSubjectOnceARun() async throws {
        let log = PusherTests.MemoryLog(count: 25)
        let collector = KeyCollector()
        let subjects = LockedBox(["ada", "bob"])
        let summary = try await Self.pusher(log, collector, subjects: subjects).run(follow: false)
        #expect(collector.shared.withLock { $0 } == [["ada", "bob"]])
        #expect(collector.eventsSentBeforeKeys.withLock { $0 } == [25], "every event (and every erasure among them) first")
        #expect(summary.keysShared == 2 && collector.keyAsked.withLock { $0 } == 1)
    }

    @Test func anUnreachableCollectorIsRetriedAndARefusalStops() async throws {
        let log = PusherTests.MemoryLog(count: 3)
        let retried = KeyCollector([.unreachable(reason: "reset"), .refused(status: 503, code: "connectionFailed", message: "down", retryAfterSeconds: 5)])
        let subjects = LockedBox(["ada"])
        let summary = try await Self.pusher(log, retried, subjects: subjects).run(follow: false)
        #expect(summary.retries == 2 && summary.keysShared == 1)
        #expect(retried.shared.withLock { $0 } == [["ada"]])

        let refused = KeyCollector([.refused(status: 404, code: "notFound", message: "this collector takes no shared keys")])
        let error = await #expect(throws: SheetLogError.self) { try await Self.pusher(log, refused, subjects: subjects).run(follow: false) }
        #expect(error?.code == .pushRefused)
        #expect(error?.message == "every event is pushed, but the collector refused the shared keys (HTTP 404 notFound): this collector takes no shared keys")
    }

    @Test func theWireFormatRoundTripsAndRefusesWhatIsNotIt() throws {
        let key = CollectorKey.generate().publicKey
        let keys = ["ada", "bob"].map { SharedSubjectKey.wrap(DataKey.random(), subject: $0, device: "d", for: key) }
        #expect(try KeyShareBatch.decode(KeyShareBatch.encode(keys)) == keys)
        #expect(try KeyShareBatch.decode(KeyShareBatch.encode([SharedSubjectKey]())) == [])
        let good = keys[0]
        let ephemeral = Checksum.hex(good.ephemeralPublicKey)
        let sealed = Checksum.hex(good.sealedKey)
        let cases: [(String, String)] = [
            ("[]", "shared keys: the body is not {\"keys\":[…]}"),
            (#"{"keys":[],"more":1}"#, "shared keys: the body is not {\"keys\":[…]}"),
            (#"{"keys":[{"ephemeral":"\#(ephemeral)","sealed":"\#(sealed)"}]}"#, "shared keys: key 0 has no subject string"),
            (#"{"keys":[{"ephemeral":"\#(ephemeral)","sealed":"\#(sealed)","subject":""}]}"#, "shared keys: key 0: the subject is empty"),
            (#"{"keys":[{"ephemeral":"ab","sealed":"\#(sealed)","subject":"s"}]}"#, "shared keys: key 0 has no ephemeral public key of 64 hex digits"),
            (#"{"keys":[{"ephemeral":"\#(ephemeral)","sealed":"\#(sealed.dropLast(2))","subject":"s"}]}"#,
             "shared keys: key 0 has no sealed key of 120 hex digits"),
            (#"{"keys":[{"ephemeral":"\#(ephemeral)","sealed":"\#(sealed)","subject":"s","key":"x"}]}"#,
             "shared keys: key 0 has a field the protocol does not know"),
            (#"{"keys":[{"ephemeral":"\#(ephemeral)","sealed":"\#(sealed)","subject":"s"},{"ephemeral":"\#(ephemeral)","sealed":"\#(sealed)","subject":"s"}]}"#,
             "shared keys: key 1 repeats the subject of an earlier key"),
        ]
        for (body, message) in cases {
            let error = #expect(throws: SheetLogError.self, "\(body)") { try KeyShareBatch.decode(Array(body.utf8)) }
            #expect(error?.code == .invalidInput)
            #expect(error?.message == message, "\(body)")
        }
        let tooMany = #"{"keys":["# + Array(repeating: "1", count: KeyShareBatch.maxKeys + 1).joined(separator: ",") + "]}"
        #expect((#expect(throws: SheetLogError.self) { try KeyShareBatch.decode(Array(tooMany.utf8)) })?.code == .payloadTooLarge)
        let tooBig = Array(repeating: UInt8(ascii: " "), count: KeyShareBatch.maxBytes + 1)
        #expect((#expect(throws: SheetLogError.self) { try KeyShareBatch.decode(tooBig) })?.code == .payloadTooLarge)
    }
}
