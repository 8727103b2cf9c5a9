import SheetLogCore
import SheetLogTestSupport

/// The seeded, realistic event log every figure works on: about 200 sessions at 1M events of
/// present / edit / attemptDismiss / confirmDiscard / keepEditing / save / declineDraft, interleaved in time.
///
/// Time runs at a constant ``eventsPerDay``, so a log of 10k events and one of 1M hold the same
/// first day: the audit query over that day returns the same rows at both sizes, and what grows is
/// only the log around it.
///
/// ```swift
/// let workload = try Workload.generate(events: 100_000, seed: 42)
/// let session = workload.replayStream    // the 10,000-event session
/// ```
package struct Workload: Sendable {
    package var seed: UInt64
    /// Every event in position order (position = index + 1).
    package var events: [WorkloadEvent]
    /// Every attemptDismiss with how it ended, in position order.
    package var dismissals: [WorkloadDismissal]
    /// The session of ``replayLength`` events used by the replay figure.
    package var replayStream: String
    package var replayLength: Int
    /// The first event's day starts here (2026-01-01T00:00:00Z).
    package var startMilliseconds: Int64

    package static let eventsPerDay = 10_000
    package static let millisecondsPerDay: Int64 = 86_400_000
    /// Sessions hold about this many events, so 1M events make about 200 sessions.
    package static let eventsPerSession = 5_000
    /// The replay figure's session length (smaller only when the whole log is under twice that).
    package static let replaySessionLength = 10_000

    /// The audit figure's question: discarded dismissals of the most common creation route on day one.
    package var auditQuery: (route: String, resolution: String, from: Int64, to: Int64) {
        ("newExpense", "discarded", startMilliseconds, startMilliseconds + Self.millisecondsPerDay)
    }

    /// Generates `events` (≥ 2) events from `seed`; the same seed always gives the same log.
    package static func generate(events count: Int, seed: UInt64) throws(SheetLogError) -> Workload {
        guard count >= 2 else {
            throw SheetLogError(
                .invalidInput, "A workload needs at least 2 events; \(count) were asked for.",
                context: SheetLogError.Context(operation: "workload", limit: 2))
        }
        var generator = SplitMix64(seed: seed)
        let lengths = sessionLengths(total: count, using: &generator)
        let sessions = lengths.indices.map { "session-\($0 + 1)" }
        let metadata = sessions.indices.map { index in
            JSONText.object([
                ("appVersion", JSONText.string("2.\(index % 4).\(index % 7)")),
                ("device", JSONText.string(index.isMultiple(of: 3) ? "iPad14,1" : "iPhone15,\(index % 5)")),
                ("user", JSONText.string("user-\(index % 50 + 1)")),
            ])
        }
        let simulated = lengths.indices.map { index in
            var simulator = SessionSimulator(session: sessions[index])
            simulator.run(length: lengths[index], endsCleanly: index % 2 == 1, using: &generator)
            return simulator.steps
        }

        // Interleave: shuffle one ticket per event, each ticket naming its session.
        var tickets = lengths.indices.flatMap { Array(repeating: $0, count: lengths[$0]) }
        tickets.shuffle(using: &generator)
        let start: Int64 = 1_767_225_600_000
        let spacing = millisecondsPerDay / Int64(eventsPerDay)
        var nextStep = Array(repeating: 0, count: lengths.count)
        var events: [WorkloadEvent] = []
        var dismissals: [WorkloadDismissal] = []
        events.reserveCapacity(count)
        for (index, session) in tickets.enumerated() {
            let step = simulated[session][nextStep[session]]
            nextStep[session] += 1
            let occurredAt = start + Int64(index) * spacing + Int64.random(in: 0..<spacing, using: &generator)
            events.append(WorkloadEvent(
                eventID: generator.identifier(), stream: sessions[session], version: Int64(nextStep[session]),
                type: step.type, payload: step.payload, metadata: metadata[session], occurredAt: occurredAt))
            if var dismissal = step.dismissal {
                dismissal.position = Int64(index + 1)
                dismissal.occurredAt = occurredAt
                dismissals.append(dismissal)
            }
        }
        return Workload(seed: seed, events: events, dismissals: dismissals, replayStream: sessions[0],
                        replayLength: lengths[0], startMilliseconds: start)
    }

    /// The replay session first, then the rest of `total` spread over sessions of about 5,000 events.
    private static func sessionLengths(total: Int, using generator: inout SplitMix64) -> [Int] {
        let replay = min(replaySessionLength, total / 2)
        let rest = total - replay
        let others = max(1, (rest + eventsPerSession / 2) / eventsPerSession)
        let weights = (0..<others).map { _ in Double.random(in: 0.5..<1.5, using: &generator) }
        let weightTotal = weights.reduce(0, +)
        var lengths = weights.map { max(1, Int(Double(rest) * $0 / weightTotal)) }
        // Rounding leaves a few events over or under: the last session absorbs them.
        lengths[others - 1] += rest - lengths.reduce(0, +)
        if lengths[others - 1] < 1 {
            lengths = [rest]
        }
        return [replay] + lengths
    }
}
