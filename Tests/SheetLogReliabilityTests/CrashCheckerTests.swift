import SheetLogDomain
import SheetLogReliability
import SheetLogSQLite
import Testing

/// The checker itself: it must pass a sound log and name each kind of damage.
@Suite("reliability: crash checker")
struct CrashCheckerTests {
    let workload = Workload(seed: 11, appendCount: 12)

    /// A log holding the first `count` appends, as a store assigns positions and versions.
    func soundLog(appends count: Int) async throws -> (events: [RecordedEvent], acks: [AckLine]) {
        let store = try SQLiteEventStore.inMemory()
        var acks: [AckLine] = []
        for append in workload.appends.prefix(count) {
            acks.append(AckLine(index: append.index, stored: try await store.append(append.batches).events))
        }
        return (try await store.readAll(), acks)
    }

    func violations(_ events: [RecordedEvent], acks: [AckLine], attempted: Int) -> [Violation.Kind] {
        let snapshot = LogSnapshot(events: events, chain: ChainVerification(checkedEvents: events.count, firstBrokenPosition: nil),
                                   integrityCheck: ["ok"])
        return CrashChecker(workload: workload).violations(in: snapshot, acknowledged: acks, attempted: attempted).map(\.kind)
    }

    @Test("a sound log with the in-flight append stored or not passes")
    func soundLogPasses() async throws {
        let log = try await soundLog(appends: 8)
        #expect(violations(log.events, acks: log.acks, attempted: 9).isEmpty)
        #expect(violations(log.events, acks: Array(log.acks.prefix(7)), attempted: 8).isEmpty)
    }

    @Test("a lost acknowledged append is caught")
    func lostAcknowledgedAppend() async throws {
        let log = try await soundLog(appends: 8)
        let lastAppendSize = workload.appends[7].events.count
        let kinds = violations(Array(log.events.dropLast(lastAppendSize)), acks: log.acks, attempted: 9)
        #expect(kinds.contains(.acknowledgedLost))
    }

    @Test("an event never sent, or sent with other content, is caught")
    func neverSent() async throws {
        let log = try await soundLog(appends: 8)
        #expect(violations(log.events, acks: Array(log.acks.prefix(6)), attempted: 7).contains(.neverSent))
        var altered = log.events
        altered[2].payload = #"{"presentation":"forged"}"#
        #expect(violations(altered, acks: log.acks, attempted: 8).contains(.neverSent))
    }

    @Test("a partly stored append, a hole in the commit order and gaps are caught")
    func partialAndGaps() async throws {
        let log = try await soundLog(appends: 8)
        let multi = try #require(workload.appends.prefix(8).first { $0.events.count > 1 })
        let partial = log.events.filter { $0.eventID != multi.eventIDs.last }
        let kinds = violations(partial, acks: [], attempted: 8)
        #expect(kinds.contains(.partialAppend))
        #expect(kinds.contains(.positionGap))
        let hole = log.events.filter { !workload.appends[2].eventIDs.contains($0.eventID) }
        #expect(violations(hole, acks: [], attempted: 8).contains(.notPrefixOfCommitOrder))
    }

    @Test("a broken chain and a failed integrity_check are caught")
    func chainAndIntegrity() async throws {
        let log = try await soundLog(appends: 4)
        let snapshot = LogSnapshot(events: log.events, chain: ChainVerification(checkedEvents: 3, firstBrokenPosition: 3),
                                   integrityCheck: ["row 3 missing from index"])
        let kinds = CrashChecker(workload: workload).violations(in: snapshot, acknowledged: log.acks, attempted: 4).map(\.kind)
        #expect(kinds.contains(.chainBroken) && kinds.contains(.integrityCheckFailed))
    }

    @Test("an open draft in the projection that differs from the fold of its acknowledged edits is caught")
    func projectedDraftMismatch() async throws {
        let log = try await soundLog(appends: 10)
        let checker = CrashChecker(workload: workload)
        let intact = ChainVerification(checkedEvents: log.events.count, firstBrokenPosition: nil)
        let expected = try #require(checker.expectedOpenDrafts(firstAppends: 10).first)
        var drafts = checker.expectedOpenDrafts(firstAppends: 10)
        let sound = LogSnapshot(events: log.events, chain: intact, integrityCheck: ["ok"], projectedOpenDrafts: drafts)
        #expect(checker.violations(in: sound, acknowledged: log.acks, attempted: 10).isEmpty)
        drafts[expected.key] = expected.value.merging(["amount": .string("typed but never acknowledged")]) { $1 }
        let damaged = LogSnapshot(events: log.events, chain: intact, integrityCheck: ["ok"], projectedOpenDrafts: drafts)
        let violations = checker.violations(in: damaged, acknowledged: log.acks, attempted: 10)
        #expect(violations.contains { $0.kind == .stateMismatch && $0.detail.contains("amount") }, "\(violations)")
    }

    @Test("an ack line round-trips through its text")
    func ackLineRoundTrip() async throws {
        let log = try await soundLog(appends: 3)
        for ack in log.acks { #expect(AckLine(parsing: ack.text) == ack) }
        #expect(AckLine(parsing: "ack 3 e1@") == nil)
        #expect(AckLine(parsing: "open") == nil)
    }
}
