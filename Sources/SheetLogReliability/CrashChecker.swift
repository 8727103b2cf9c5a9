import SheetLogCore

/// A Jepsen-style set checker for a log recovered after a crash: compares what the writer sent and
/// was acknowledged with what a restarted process reads.
///
/// It reports an acknowledged event lost or moved, an event present that was never sent (or with
/// other content), an append stored in part, survivors that are not a prefix of the commit order,
/// gaps in positions or in a session's versions, a broken chain, a failed `integrity_check`,
/// projections that differ from a rebuild, and sessions whose state — and open drafts in the
/// `presentations` projection — differ from the fold of the acknowledged commands.
///
/// ```swift
/// let checker = CrashChecker(workload: workload)
/// let violations = checker.violations(in: try await LogSnapshot.read(store),
///                                     acknowledged: acks, attempted: acks.count + 1)
/// ```
package struct CrashChecker: Sendable {
    package let workload: Workload

    package init(workload: Workload) {
        self.workload = workload
    }

    /// Everything wrong with `snapshot`, given the acknowledged appends and the number of appends that
    /// may have reached the store (the acknowledged ones and the one in flight). Empty when sound.
    package func violations(in snapshot: LogSnapshot, acknowledged: [AckLine], attempted: Int) -> [Violation] {
        let attempted = min(max(attempted, acknowledged.count), workload.appends.count)
        let sent = sentEvents(attempted: attempted)
        let stored = Dictionary(snapshot.events.map { ($0.eventID, $0) }, uniquingKeysWith: { first, _ in first })
        var violations: [Violation] = []
        violations += sequenceViolations(snapshot.events)
        violations += neverSentViolations(snapshot.events, sent: sent)
        violations += acknowledgedViolations(acknowledged, stored: stored)
        let (partial, presentCount) = atomicityViolations(attempted: attempted, stored: stored)
        violations += partial
        if violations.allSatisfy({ $0.kind != .partialAppend && $0.kind != .notPrefixOfCommitOrder }) {
            violations += stateViolations(snapshot.events, presentAppends: presentCount,
                                          projectedOpenDrafts: snapshot.projectedOpenDrafts)
        }
        for mismatch in snapshot.projectionMismatches {
            violations.append(Violation(.projectionMismatch, mismatch.description))
        }
        if let broken = snapshot.chain.firstBrokenPosition {
            violations.append(Violation(.chainBroken, "the integrity chain breaks at position \(broken)"))
        }
        if snapshot.integrityCheck != ["ok"] {
            violations.append(Violation(.integrityCheckFailed, "PRAGMA integrity_check: \(snapshot.integrityCheck.prefix(3).joined(separator: "; "))"))
        }
        return violations
    }

    /// Every event of the first `attempted` appends by id, with its append index and stream.
    private func sentEvents(attempted: Int) -> [String: (append: Int, stream: String, event: EventData)] {
        var sent: [String: (append: Int, stream: String, event: EventData)] = [:]
        for append in workload.appends.prefix(attempted) {
            for (stream, event) in append.streamEvents { sent[event.eventID] = (append.index, stream, event) }
        }
        return sent
    }

    private func sequenceViolations(_ events: [RecordedEvent]) -> [Violation] {
        var violations: [Violation] = []
        for (offset, event) in events.enumerated() where event.position != Int64(offset + 1) {
            violations.append(Violation(.positionGap, "position \(offset + 1) expected, found \(event.position) (event \(event.eventID))"))
            break
        }
        var versions: [String: Int64] = [:]
        for event in events {
            let expected = versions[event.stream, default: 0] + 1
            if event.version != expected {
                violations.append(Violation(.versionGap, "stream \(event.stream): version \(expected) expected at position \(event.position), found \(event.version)"))
            }
            versions[event.stream] = event.version
        }
        return violations
    }

    private func neverSentViolations(
        _ events: [RecordedEvent], sent: [String: (append: Int, stream: String, event: EventData)]
    ) -> [Violation] {
        events.compactMap { event in
            guard let planned = sent[event.eventID] else {
                return Violation(.neverSent, "event \(event.eventID) at position \(event.position) was never sent")
            }
            guard planned.stream == event.stream, planned.event.hasSameContent(as: event) else {
                return Violation(.neverSent, "event \(event.eventID) at position \(event.position) differs from what append #\(planned.append) sent")
            }
            return nil
        }
    }

    private func acknowledgedViolations(_ acknowledged: [AckLine], stored: [String: RecordedEvent]) -> [Violation] {
        var violations: [Violation] = []
        for ack in acknowledged {
            let planned = ack.index < workload.appends.count ? workload.appends[ack.index].eventIDs : []
            if ack.positions.map(\.eventID) != planned {
                violations.append(Violation(.acknowledgedLost, "the ack of append #\(ack.index) names other event ids than the workload"))
            }
            for entry in ack.positions {
                guard let event = stored[entry.eventID] else {
                    violations.append(Violation(.acknowledgedLost, "acknowledged event \(entry.eventID) of append #\(ack.index) (position \(entry.position)) is missing"))
                    continue
                }
                if event.position != entry.position {
                    violations.append(Violation(.acknowledgedLost, "acknowledged event \(entry.eventID) was at position \(entry.position), is at \(event.position)"))
                }
            }
        }
        return violations
    }

    /// All-or-nothing per append, and survivors forming a prefix; returns how many appends survived.
    private func atomicityViolations(attempted: Int, stored: [String: RecordedEvent]) -> ([Violation], Int) {
        var violations: [Violation] = []
        var present: [Int] = []
        for append in workload.appends.prefix(attempted) {
            let found = append.eventIDs.filter { stored[$0] != nil }.count
            if found == append.eventIDs.count {
                present.append(append.index)
            } else if found > 0 {
                violations.append(Violation(.partialAppend, "append #\(append.index) is stored in part: \(found) of \(append.eventIDs.count) events"))
            }
        }
        if let gap = present.enumerated().first(where: { $0.offset != $0.element }) {
            violations.append(Violation(.notPrefixOfCommitOrder, "append #\(gap.element) survived but append #\(gap.offset) did not"))
        }
        return (violations, present.count)
    }
}
