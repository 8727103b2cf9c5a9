import SheetLogDomain
import SheetLogTestSupport

/// A seeded workload of real sheet commands over several sessions, decided with ``SheetDecider``
/// and turned into appends of 1 to 4 events each, with exact expected versions.
///
/// The same seed always gives the same appends and event ids, so the process that checks a crashed
/// database regenerates exactly what the crashed writer sent, including the append in flight.
///
/// ```swift
/// let workload = Workload(seed: 7, appendCount: 120)
/// for append in workload.appends { _ = try await store.append(append.batches) }
/// ```
package struct Workload: Sendable {
    package let seed: UInt64
    package let appends: [PlannedAppend]

    /// How often an append spans two sessions (a multi-stream transaction), in percent.
    static let twoSessionPercent = 12

    package init(seed: UInt64, appendCount: Int, sessionCount: Int = 3) {
        self.seed = seed
        var generator = Generator(seed: seed, sessionCount: sessionCount)
        appends = (0..<appendCount).map { generator.append(index: $0) }
    }

    /// The planned events of the first `count` appends, by stream, in commit order.
    package func eventsByStream(firstAppends count: Int) -> [String: [EventData]] {
        var result: [String: [EventData]] = [:]
        for append in appends.prefix(count) {
            for (stream, event) in append.streamEvents { result[stream, default: []].append(event) }
        }
        return result
    }

    /// Decides commands session by session, folding each decision into that session's state.
    private struct Generator {
        var random: SplitMix64
        var sessions: [SessionState]
        let tag: String
        var nextPresentation = 0
        var clock: Int64 = 1_767_225_600_000

        init(seed: UInt64, sessionCount: Int) {
            random = SplitMix64(seed: seed)
            tag = String(seed, radix: 36)
            sessions = (0..<max(1, sessionCount)).map { SessionState(sessionID: "session-\($0)") }
        }

        mutating func append(index: Int) -> PlannedAppend {
            let target = Int.random(in: 1...4, using: &random)
            var chosen = [Int.random(in: 0..<sessions.count, using: &random)]
            if sessions.count > 1 && target > 1 && random.chance(Workload.twoSessionPercent) {
                chosen.append((chosen[0] + 1) % sessions.count)
            }
            var batches: [StreamBatch] = []
            var eventCount = 0
            for (slot, session) in chosen.enumerated() {
                let share = slot == chosen.count - 1 ? target - eventCount : max(1, target / 2)
                let events = decide(upTo: share, in: session, index: index, firstNumber: eventCount)
                guard !events.data.isEmpty else { continue }
                batches.append(StreamBatch(stream: sessions[session].sessionID, events: events.data,
                                           expected: .exact(events.versionBefore)))
                eventCount += events.data.count
            }
            return PlannedAppend(index: index, batches: batches)
        }

        /// Up to `limit` events for one session; never empty, thanks to ``alwaysAccepted(by:freshID:)``.
        private mutating func decide(
            upTo limit: Int, in session: Int, index: Int, firstNumber: Int
        ) -> (data: [EventData], versionBefore: Int64) {
            let versionBefore = sessions[session].version
            var data: [EventData] = []
            var attempts = 0
            while data.count < limit && attempts < 12 {
                attempts += 1
                clock += Int64.random(in: 1...900, using: &random)
                let freshID = "p\(nextPresentation)"
                let command = attempts == 12 && data.isEmpty
                    ? Self.alwaysAccepted(by: sessions[session], freshID: freshID)
                    : WorkloadCommandChooser.command(for: sessions[session], freshID: freshID, using: &random)
                guard let events = try? SheetDecider.decide(command, state: sessions[session], at: clock),
                      !events.isEmpty, data.count + events.count <= limit
                else { continue }
                if case .present = command { nextPresentation += 1 }
                if case .restoreDraft = command { nextPresentation += 1 }
                for event in events {
                    let eventID = "\(tag)-\(index)-\(firstNumber + data.count)"
                    let metadata = random.chance(30) ? #"{"device":"crash-appender","append":\#(index)}"# : nil
                    // The decider only produces encodable events; a failure here is a domain bug worth a crash.
                    data.append(try! event.eventData(eventID: eventID, metadata: metadata))
                }
                sessions[session] = SheetDecider.fold(events, into: sessions[session])
            }
            return (data, versionBefore)
        }

        /// A command the decider accepts in any state the workload reaches (it never ends a session).
        private static func alwaysAccepted(by state: SessionState, freshID: String) -> SheetCommand {
            if state.top?.pendingConfirmation != nil { return .keepEditing() }
            return .present(presentation: freshID, route: Route(name: "fallback-\(freshID)"))
        }
    }
}
