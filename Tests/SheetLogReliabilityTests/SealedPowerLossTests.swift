import CFaultVFS
import Foundation
import SheetLog
import SheetLogReliability
import SheetLogTestSupport
import Testing

extension FaultVFSTiers {
    /// The power-loss tier once on a sealed database: the facade records people's first commands
    /// (each creating the person's data key in the command's transaction) and edits through
    /// faultvfs until a seeded crash point; reopened with its master key, every acknowledged value
    /// reads back as sent, so no acknowledged event's key was lost, and `verify` passes.
    @Suite("power loss on a sealed database")
    struct SealedPowerLossTests {
        static let people = 8
        static var runs: Int { max(10, TierSettings.powerLosses / 5) }

        /// Person n's session: a present whose baseline names the person's first value, then an edit.
        static func commands(run: Int) -> [(envelope: CommandEnvelope, value: String)] {
            (0..<people).flatMap { person -> [(CommandEnvelope, String)] in
                let session = "s-\(run)-\(person)"
                let first = "v-\(run)-\(person)-1"
                let second = "v-\(run)-\(person)-2"
                return [
                    (CommandEnvelope(
                        session: session, command: .present(presentation: "p", route: Route(name: "newExpense"), baseline: ["amount": .string(first)]),
                        id: "c-\(run)-\(person)-1", subject: "person-\(run)-\(person)"), first),
                    (CommandEnvelope(session: session, command: .edit(field: "amount", value: .string(second)), id: "c-\(run)-\(person)-2"), second),
                ]
            }
        }

        /// Writes and syncs of a whole run without a crash, to aim crash points inside it.
        static func span(in directory: TemporaryDirectory, master: MasterKey) async throws -> (writes: Int, syncs: Int) {
            let database = try SheetLogDatabase.open(path: FaultyStore.uri(directory.path("calibration.sqlite")), options: options(master))
            defer {
                try? database.close()
                faultvfs_reset()
            }
            return try await FaultyStore.operations {
                for (envelope, _) in commands(run: 0) { _ = try await database.record([envelope]) }
            }
        }

        static func text(_ value: FieldValue?) -> String? {
            if case .string(let text)? = value { return text }
            return nil
        }

        static func options(_ master: MasterKey) -> SheetLogDatabase.Options {
            var options = SheetLogDatabase.Options()
            options.keys = master
            return options
        }

        @Test("the check has teeth: with synchronous=NORMAL a power loss after the run loses acknowledged values")
        func weakenedDurabilityIsCaught() async throws {
            let directory = try TemporaryDirectory("sealed-power-normal")
            let master = MasterKey.generate()
            var options = Self.options(master)
            options.durability = .normal
            let path = directory.path("normal.sqlite")
            let database = try SheetLogDatabase.open(path: FaultyStore.uri(path), options: options)
            for (envelope, _) in Self.commands(run: 0) { _ = try await database.record([envelope]) }
            faultvfs_crash(TierSettings.baseSeed, .dropAll)
            try? database.close()
            faultvfs_reset()
            let reopened = try SheetLogDatabase.open(path: path, options: Self.options(master))
            defer { try? reopened.close() }
            #expect(try await reopened.exportLog().count < Self.commands(run: 0).count, "acknowledged commands lost, and seen lost")
        }

        @Test("power loss at random crash points while people's keys are created: every acknowledged value reads back")
        func sealedPowerLoss() async throws {
            let directory = try TemporaryDirectory("sealed-power")
            let master = MasterKey.generate()
            let span = try await Self.span(in: directory, master: master)
            var random = SplitMix64(seed: TierSettings.baseSeed)
            var acknowledged = 0
            var inside = 0
            for run in 0..<Self.runs {
                let seed = SplitMix64.seed(TierSettings.baseSeed, run: run)
                let path = directory.path("power-\(run).sqlite")
                let onSync = random.chance(40)
                let point = Int.random(in: 1...max(1, onSync ? span.syncs : span.writes), using: &random)
                let commands = Self.commands(run: run)
                var acks: [(id: String, value: String)] = []
                do {
                    let database = try SheetLogDatabase.open(path: FaultyStore.uri(path), options: Self.options(master))
                    faultvfs_crash_on(onSync ? .sync : .write, Int32(point), seed, .random, 0)
                    for (envelope, value) in commands {
                        do {
                            _ = try await database.record([envelope])
                            acks.append((envelope.id ?? "", value))
                        } catch is SheetLogError {
                            break
                        }
                    }
                    if faultvfs_is_crashed() != 0 { inside += 1 } else { faultvfs_crash(seed, .random) }
                    try? database.close()
                }
                faultvfs_reset()
                acknowledged += acks.count
                let context = "run \(run), crash at \(onSync ? "sync" : "write") \(point), seed \(seed) (SHEETLOG_SEED=\(TierSettings.baseSeed))"
                guard FileManager.default.fileExists(atPath: path) else {
                    #expect(acks.isEmpty, "\(context): acknowledged commands but no file")
                    continue
                }
                let reopened = try SheetLogDatabase.open(path: path, options: Self.options(master))
                defer { try? reopened.close() }
                let report = try await reopened.verify()
                #expect(report.firstFailure == nil, "\(context): \(String(describing: report.firstFailure))")
                var stored: [String: String] = [:]
                for case let .command(envelope) in try await reopened.exportLog() {
                    switch envelope.command {
                    case let .present(_, _, baseline, _, _): stored[envelope.id ?? ""] = Self.text(baseline["amount"])
                    case let .edit(_, value, _): stored[envelope.id ?? ""] = Self.text(value)
                    default: break
                    }
                }
                for ack in acks {
                    #expect(stored[ack.id] == ack.value, "\(context): acknowledged \(ack.id) reads \(stored[ack.id] ?? "nothing")")
                }
            }
            TierSettings.report("sealed-power-loss", ["runs": Self.runs, "insideWorkload": inside, "acknowledged": acknowledged])
            #expect(inside * 10 >= Self.runs * 7, "crash points should fall inside the workload")
            #expect(acknowledged > 0)
        }
    }
}
