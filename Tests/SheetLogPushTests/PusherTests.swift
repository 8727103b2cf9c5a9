import Foundation
import SheetLogCore
import SheetLogTestSupport
import Testing
@testable import SheetLogPush

/// The pusher's loop over a log in memory and a collector played by a script of replies: what it
/// sends, when its cursor moves, and where it stops. (The real collector over HTTP is in
/// SheetLogImportTests.)
@Suite struct PusherTests {
    final class MemoryLog: PushSource, @unchecked Sendable {
        let events: [RecordedEvent]
        let cursor = LockedBox<(through: Int64, chain: [UInt8])?>(nil)

        init(count: Int) { events = (1...Int64(count)).map { PushBatchTests.event($0) } }

        func events(after position: Int64, limit: Int) async throws -> [RecordedEvent] {
            Array(events.dropFirst(Int(position)).prefix(limit))
        }
        func lastPosition() async throws -> Int64 { Int64(events.count) }
        func pushCursor(collector: String, device: String) async throws -> (through: Int64, chain: [UInt8])? { cursor.withLock { $0 } }
        func acknowledgePush(collector: String, device: String, through: Int64, chain: [UInt8], at milliseconds: Int64) async throws {
            guard through >= 1, through <= Int64(events.count) else { throw SheetLogError(.integrityViolation, "beyond") }
            guard events[Int(through) - 1].chain == chain else { throw SheetLogError(.historyMismatch, "other chain") }
            cursor.withLock { if ($0?.through ?? 0) < through { $0 = (through, chain) } }
        }
        func waitForEvents(after position: Int64) async throws { try await Task.sleep(for: .seconds(3_600)) }
    }

    /// Answers each send with the next scripted reply (a function of the batch), recording the batches.
    final class Script: PushTransport, @unchecked Sendable {
        let collector = "http://collector.test"
        let replies: LockedBox<[([RecordedEvent]) -> PushReply]>
        let sent = LockedBox<[[RecordedEvent]]>([])

        init(_ replies: sending [([RecordedEvent]) -> PushReply]) { self.replies = LockedBox(replies) }

        func send(_ body: [UInt8], device: String, token: String) async -> PushReply {
            let batch = (try? PushBatch.decode(body, limits: PushLimits(maxEvents: 100_000, maxBytes: 1 << 30))) ?? []
            sent.withLock { $0.append(batch) }
            let reply = replies.withLock { $0.isEmpty ? nil : $0.removeFirst() }
            return reply?(batch) ?? Self.stored(batch)
        }

        static func stored(_ batch: [RecordedEvent]) -> PushReply { .stored(storedThrough: batch.last!.position, chain: batch.last!.chain) }
    }

    static func pusher(_ log: MemoryLog, _ script: Script, batch: Int = 10) -> (Pusher, LockedBox<[Duration]>) {
        var pusher = Pusher(source: log, transport: script, device: "d", token: "t", limits: PushLimits(maxEvents: batch))
        let slept = LockedBox<[Duration]>([])
        pusher.sleep = { duration in slept.withLock { $0.append(duration) } }
        pusher.jitter = { 0 }
        return (pusher, slept)
    }

    @Test func batchesGoInOrderAndTheCursorFollowsEach200() async throws {
        let log = MemoryLog(count: 25)
        let script = Script([])
        let (pusher, _) = Self.pusher(log, script)
        let summary = try await pusher.run(follow: false)
        #expect(script.sent.withLock { $0.map { $0.map(\.position) } } == [Array(1...10), Array(11...20), Array(21...25)])
        #expect(summary == PushSummary(batches: 3, eventsSent: 25, acknowledgedThrough: 25, retries: 0))
        #expect(log.cursor.withLock { $0?.through } == 25)
        #expect(try await pusher.run(follow: false).batches == 0, "a second run has nothing to send")
    }

    @Test func retriesWaitTheBackoffAndResendTheSameBatch() async throws {
        let log = MemoryLog(count: 12)
        let script = Script([
            { _ in .unreachable(reason: "refused") },
            { _ in .refused(status: 503, code: "connectionFailed", message: "down", retryAfterSeconds: 5) },
            { _ in .refused(status: 429, code: "rateLimited", message: "slow down", retryAfterSeconds: 1) },
        ])
        let (pusher, slept) = Self.pusher(log, script)
        let states = LockedBox<[PushState]>([])
        let summary = try await pusher.run(follow: false) { state in states.withLock { $0.append(state) } }
        #expect(slept.withLock { $0 } == [.milliseconds(500), .seconds(5), .seconds(2)], "equal jitter at 0, Retry-After as a floor")
        #expect(script.sent.withLock { $0.prefix(4).map { $0.first?.position } } == [1, 1, 1, 1])
        #expect(summary.retries == 3 && summary.acknowledgedThrough == 12)
        #expect(states.withLock { $0.contains { if case .backingOff(_, 2, "HTTP 503 connectionFailed") = $0 { true } else { false } } })
        #expect(states.withLock { $0.last } == .finished(acknowledgedThrough: 12))
    }

    @Test func aGapResumesWhereTheCollectorSaysButNeverBeyondTheLog() async throws {
        let log = MemoryLog(count: 30)
        log.cursor.withLock { $0 = (20, log.events[19].chain) }
        let script = Script([{ _ in .refused(status: 409, code: "gap", message: "gap", storedThrough: 5) }])
        let (pusher, _) = Self.pusher(log, script)
        _ = try await pusher.run(follow: false)
        #expect(script.sent.withLock { $0.map { $0.first!.position } } == [21, 6, 16, 26], "resumed from 6 after the gap at 5")

        let beyond = Script([{ _ in .refused(status: 409, code: "gap", message: "gap", storedThrough: 99) }])
        let (far, _) = Self.pusher(MemoryLog(count: 30), beyond)
        await #expect(throws: SheetLogError.self) { try await far.run(follow: false) }
    }

    @Test func a200WithAnotherChainStopsAndLeavesTheCursor() async throws {
        let log = MemoryLog(count: 15)
        let script = Script([Script.stored, { batch in .stored(storedThrough: batch.last!.position, chain: Array(repeating: 7, count: 32)) }])
        let (pusher, _) = Self.pusher(log, script)
        let states = LockedBox<[PushState]>([])
        await #expect { try await pusher.run(follow: false) { state in states.withLock { $0.append(state) } } } throws: { error in
            (error as? SheetLogError)?.code == .historyMismatch
        }
        #expect(log.cursor.withLock { $0?.through } == 10, "the first batch's acknowledgement stays; the second moved nothing")
        #expect(states.withLock { if case .stopped = $0.last { true } else { false } })
    }

    @Test(arguments: [400, 401, 403, 413, 500])
    func finalRefusalsStopAtOnce(_ status: Int) async throws {
        let script = Script([{ _ in .refused(status: status, code: "x", message: "no") }])
        let (pusher, slept) = Self.pusher(MemoryLog(count: 5), script)
        await #expect { try await pusher.run(follow: false) } throws: { error in
            (error as? SheetLogError)?.code == .pushRefused && (error as? SheetLogError)?.message.contains("HTTP \(status)") == true
        }
        #expect(script.sent.withLock { $0.count } == 1 && slept.withLock { $0.isEmpty })
    }

    @Test func aBatchOverTheByteLimitIsHalvedUntilItFits() async throws {
        let log = MemoryLog(count: 40)
        let script = Script([])
        var (pusher, _) = Self.pusher(log, script, batch: 40)
        pusher.limits.maxBytes = PushBatch.encode(log.events.prefix(12)).count
        _ = try await pusher.run(follow: false)
        let sizes = script.sent.withLock { $0.map(\.count) }
        #expect(sizes.reduce(0, +) == 40 && sizes.allSatisfy { $0 <= 12 }, "\(sizes)")
    }

    @Test func repliesAreReadFromTheCollectorsBodies() {
        let chain = Checksum.hex(Array(repeating: 0xAB, count: 32))
        #expect(HTTPPushTransport.reply(status: 200, body: Data(#"{"chain":"\#(chain)","storedThrough":42}"#.utf8), retryAfter: nil)
            == .stored(storedThrough: 42, chain: Array(repeating: 0xAB, count: 32)))
        #expect(HTTPPushTransport.reply(status: 409, body: Data(#"{"error":{"code":"gap","message":"m","storedThrough":7}}"#.utf8), retryAfter: nil)
            == .refused(status: 409, code: "gap", message: "m", storedThrough: 7))
        #expect(HTTPPushTransport.reply(status: 503, body: Data("<html>".utf8), retryAfter: " 5 ")
            == .refused(status: 503, code: "", message: "HTTP 503 without the collector's error body", retryAfterSeconds: 5))
        if case .refused(200, "badReply", _, _, _) = HTTPPushTransport.reply(status: 200, body: Data("ok".utf8), retryAfter: nil) {} else {
            Issue.record("a 200 without storedThrough is not an acknowledgement")
        }
    }

    @Test func addressesWithCredentialsOrOtherSchemesAreRefused() throws {
        for address in ["ftp://host", "http://user:pw@host", "http://host?token=x", "not a url", "http://"] {
            #expect(throws: SheetLogError.self, "\(address)") { try HTTPPushTransport(collector: address) }
        }
        #expect(try HTTPPushTransport(collector: "HTTPS://Collector.Example.com:8443/base/").collector == "https://collector.example.com:8443/base")
    }
}
