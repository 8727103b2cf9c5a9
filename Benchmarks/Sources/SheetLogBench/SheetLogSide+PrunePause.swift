import BenchmarkHarness
import class Foundation.NSLock
import struct Foundation.Date
import SheetLog
import SheetLogSQLite

extension SheetLogSide {
    /// How long a prune makes a keystroke wait: a file holding `events` events of finished sessions
    /// recorded 30 days ago (10 events each: present, 7 edits, save, end), then one form being typed
    /// into, one durable edit at a time (each awaited, as a keystroke), while `prune(before:)` of
    /// 14 days removes the backlog in its steps — or, with `pruning` false, the same edits with no
    /// prune. Value: the longest edit in µs (the samples: every edit's), at synchronous=FULL.
    func prunePause(events: Int, pruning: Bool) throws -> Measurement {
        let path = directory.newDatabasePath(pruning ? "prune-pause" : "prune-pause-none")
        defer { directory.removeDatabase(at: path) }
        let day: Int64 = 86_400_000
        let clock = ManualClock(milliseconds: Int64(Date().timeIntervalSince1970 * 1_000) - 30 * day)
        var options = options(.normal)
        options.clock = clock
        let backlog = try SheetLogDatabase.open(path: path, options: options)
        let sessions = max(1, events / 10)
        try AsyncBridge.run {
            for first in stride(from: 0, to: sessions, by: 500) {
                var envelopes: [CommandEnvelope] = []
                for index in first..<min(sessions, first + 500) {
                    let session = "old-\(index)"
                    envelopes.append(CommandEnvelope(session: session, command: .present(presentation: "p", route: Route(name: "newExpense"))))
                    for edit in 0..<7 { envelopes.append(CommandEnvelope(session: session, command: .edit(field: "amount", value: .string("\(edit)")))) }
                    envelopes.append(CommandEnvelope(session: session, command: .save()))
                    envelopes.append(CommandEnvelope(session: session, command: .endSession))
                }
                _ = try await backlog.record(envelopes, states: .afterBatch)
            }
        }
        try backlog.close()
        clock.advance(by: 30 * day)
        options.durability = .full
        let database = try SheetLogDatabase.open(path: path, options: options)
        defer { try? database.close() }
        let cutoff = Date(timeIntervalSince1970: Double(clock.nowMilliseconds() - 14 * day) / 1_000)
        let latencies = try AsyncBridge.run {
            try await database.record(.present(presentation: "form", route: Route(name: "note")), in: "typing")
            let finished = PruneFinished()
            let prune: Task<PruneReport, any Error>? = pruning ? Task.detached {
                defer { finished.set() }
                return try await database.prune(before: cutoff)
            } : nil
            let clock = ContinuousClock()
            var latencies: [Int64] = []
            var keystroke = 0
            // While the prune runs (without one, as many edits as a prune took), at least 50.
            while keystroke < 50 || (prune != nil && !finished.value) || (prune == nil && keystroke < Self.editsDuringAPrune) {
                let start = clock.now
                try await database.record(.edit(field: "text", value: .string("k\(keystroke)")), in: "typing")
                latencies.append(Self.nanoseconds(start.duration(to: clock.now)))
                keystroke += 1
                if keystroke > 200_000 { break }
            }
            if let prune {
                let report = try await prune.value
                guard report.removedEvents == Int64(sessions * 10) else {
                    throw SheetLogError(.storage, "the prune removed \(report.removedEvents) of \(sessions * 10) events", context: .init(operation: "bench"))
                }
                Self.editsDuringAPrune = max(50, keystroke)
            }
            return latencies
        }
        guard let longest = latencies.max() else { return Measurement(value: 0) }
        return Measurement(value: Double(longest) / 1_000, samples: latencies.map { Double($0) / 1_000 })
    }

    /// How many edits the last measured prune lasted: the run without a prune types as many.
    nonisolated(unsafe) static var editsDuringAPrune = 200
}

/// Set by the prune's task when it ends, read by the typing loop between two edits.
private final class PruneFinished: @unchecked Sendable {
    private let lock = NSLock()
    private var done = false

    var value: Bool { lock.withLock { done } }
    func set() { lock.withLock { done = true } }
}
