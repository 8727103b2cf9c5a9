import Foundation
import HummingbirdTesting
import SheetLog
import SheetLogJSON
import SheetLogServer
import SheetLogTestSupport
import Testing

/// The state endpoint on a 10,000-event session: one state costs about what reading the session's
/// events up to that version costs, and its answer does not grow with the version.
///
/// Prints the figures (`state-at-scale: …`); the benchmark takes them over once it has moved.
@Suite("one state of a long session")
struct StateAtScaleTests {
    static let events = 10_000
    static let middle: Int64 = 5_000

    /// A file with one session of `events` events: a form presented, then edits of eight fields,
    /// a swipe blocked and kept editing every 500 events.
    static func longSession(in directory: URL, events: Int = StateAtScaleTests.events) async throws -> String {
        let path = directory.appendingPathComponent("long.sqlite").path
        let database = try SheetLogDatabase.open(path: path)
        let start: Int64 = 1_767_268_800_000
        let baseline = Dictionary(uniqueKeysWithValues: (0..<8).map { ("field\($0)", FieldValue.string("")) })
        var commands = [CommandEnvelope(
            session: "long", command: .present(presentation: "form", route: Route(name: "notes"), baseline: baseline), id: "long-0", occurredAt: start)]
        var index = 1
        while commands.count < events {
            let at = start + Int64(index) * 250
            if index.isMultiple(of: 500) && commands.count + 2 <= events {
                commands.append(CommandEnvelope(session: "long", command: .attemptDismiss(source: .swipe), id: "long-\(index)-swipe", occurredAt: at))
                commands.append(CommandEnvelope(session: "long", command: .keepEditing(), id: "long-\(index)-keep", occurredAt: at + 1))
            } else {
                commands.append(CommandEnvelope(
                    session: "long", command: .edit(field: "field\(index % 8)", value: .string("draft \(index)")), id: "long-\(index)", occurredAt: at))
            }
            index += 1
        }
        _ = try await database.record(commands, states: .afterBatch)
        try database.close()
        return path
    }

    /// The median of `runs` runs of `work`, in milliseconds.
    static func median(_ runs: Int = 7, _ work: () async throws -> Void) async throws -> Double {
        let clock = ContinuousClock()
        var samples: [Double] = []
        for _ in 0..<runs {
            let start = clock.now
            try await work()
            let elapsed = start.duration(to: clock.now)
            samples.append(Double(elapsed.components.seconds) * 1_000 + Double(elapsed.components.attoseconds) / 1e15)
        }
        return samples.sorted()[samples.count / 2]
    }

    @Test func theMiddleStateCostsAboutAReadOfTheEventsAndItsSizeIsFlat() async throws {
        let directory = try TemporaryDirectory("state-at-scale")
        let path = try await Self.longSession(in: directory.url)
        let reader = try SQLiteFileReader.open(path: path)
        let database = reader.database

        // The replay figure's baseline: the events up to the version read by index, each payload parsed.
        var parsed = 0
        let baseline = try await Self.median {
            let recorded = try await database.backend.readStream("long", after: 0, through: Self.middle, limit: nil, descending: false)
            parsed = 0
            for event in recorded { if case .object = try JSONValue.parse(event.payload) { parsed += 1 } }
        }
        #expect(parsed == Int(Self.middle))
        var version: Int64 = 0
        // The first state on a fresh handle folds from the first event; the next from a checkpoint.
        let cold = try await Self.median(1) { _ = try await database.replayMoment("long", at: Self.middle) }
        let moment = try await Self.median {
            version = try await database.replayMoment("long", at: Self.middle).step.version
        }
        #expect(version == Self.middle)

        try await withViewer(reader) { client async throws in
            var sizes: [Int64: Int] = [:]
            for at in [Int64(2), 100, Self.middle, Int64(Self.events) - 1] {
                let answer = try await client.get("/api/devices/local/sessions/long/state?at=\(at)")
                #expect(answer.status == .ok)
                #expect((try answer.json() as? [String: Any])?["version"] as? Int == Int(at))
                sizes[at] = answer.body.utf8.count
            }
            var api = 0.0
            api = try await Self.median { _ = try await client.get("/api/devices/local/sessions/long/state?at=\(Self.middle)") }
            let replaySize = try await client.get("/api/devices/local/sessions/long/replay?at=\(Self.middle)").body.utf8.count
            // Once every field is typed (by v9), the same state whichever the version: one sheet, eight
            // fields; the replay up to it is every step.
            let typed = [100, Self.middle, Int64(Self.events) - 1].compactMap { sizes[$0] }
            let smallest = typed.min() ?? 0, largest = sizes.values.max() ?? 0
            #expect(largest < 4_096, "\(sizes)")
            #expect(largest - smallest < 64, "\(sizes)")
            #expect(replaySize > 1_000 * largest)
            print("""
                state-at-scale: \(Self.events)-event session, version \(Self.middle): baseline (read by index + parse) \
                \(String(format: "%.1f", baseline)) ms; replayMoment on a fresh handle \(String(format: "%.1f", cold)) ms \
                (ratio \(String(format: "%.2f", cold / baseline))), then \(String(format: "%.1f", moment)) ms (ratio \(String(format: "%.2f", moment / baseline))); GET …/state?at=\(Self.middle) \(String(format: "%.1f", api)) ms; \
                answer bytes by version \(sizes.sorted { $0.key < $1.key }.map { "v\($0.key)=\($0.value)" }.joined(separator: " ")); \
                GET …/replay?at=\(Self.middle) \(replaySize) bytes
                """)
        }
    }
}
