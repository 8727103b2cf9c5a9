import Foundation
import GRDB
import PropertyBased
import SheetLog
import SheetLogCore
import SheetLogDomain
import SheetLogTestSupport
import Testing

/// The read models an append writes from the events as the decider made them, against the rows a
/// rebuild writes by decoding (and, sealed, opening) every stored payload: byte for byte, over
/// random workloads recorded the way apps record — batches, resends, refused commands, restores,
/// two handles on one file, and (sealed) an erasure at a random point.
@Suite("inline rows from decided events equal a rebuild's, over random workloads")
struct DecidedFoldDifferentialTests {
    static let workloads = Gen.int(in: 0...999_999).array(of: 1...40)
    static let sessions = ["a-1": "ann", "a-2": "ann", "b-1": "bob"]

    @Test("plain and sealed", arguments: [false, true])
    func inlineRowsEqualARebuild(sealed: Bool) async throws {
        let directory = try TemporaryDirectory("decided-fold")
        var round = 0
        // 25 workloads of up to 40 steps reach CommandChooser's drafts, restores and alerts, two
        // handles and an erasure in about a second each way; the soak runs 200.
        await propertyCheck(count: TestSize.cases(25, soak: 200), input: Self.workloads) { numbers in
            round += 1
            let path = directory.path("log-\(sealed)-\(round).sqlite")
            let options = sealed ? ErasureTests.options(MasterKey.generate()) : testOptions()
            let first = try SheetLogDatabase.open(path: path, options: options)
            let second = try SheetLogDatabase.open(path: path, options: options)
            let names = Self.sessions.keys.sorted()
            var sent: [CommandEnvelope] = []
            var erased = false
            for (step, number) in numbers.enumerated() {
                var chooser = CommandChooser(number)
                let database = chooser.chance(50) ? first : second
                if sealed && !erased && chooser.chance(3) {
                    _ = try await database.erase(subject: "ann", requestedBy: "property")
                    erased = true
                    continue
                }
                // Now and then the same commands again, as a retrying app sends them: answered as stored.
                if !sent.isEmpty && chooser.chance(10) {
                    _ = try? await database.record(Array(sent.suffix(1 + chooser.below(3))))
                    continue
                }
                var batch: [CommandEnvelope] = []
                for index in 0..<(1 + chooser.below(3)) {
                    let session = names[chooser.below(names.count)]
                    let state = try await database.state(of: session)
                    let drafts = state.recoverableDrafts.map(\.reference)
                    let command = chooser.command(for: state, freshID: "p\(step)-\(index)", drafts: drafts)
                    batch.append(CommandEnvelope(
                        session: session, command: command, id: "c\(step)-\(index)", occurredAt: 1_000 + Int64(step),
                        subject: sealed ? Self.sessions[session] : nil))
                }
                do {
                    _ = try await database.record(batch)
                    sent += batch
                } catch let error as SheetLogError
                    where [.ruleViolation, .invalidInput, .payloadTooLarge, .subjectErased].contains(error.code) {
                    continue  // refused whole: nothing recorded
                }
            }
            try first.close()
            try second.close()

            let inline = try Self.rows(at: path)
            let rebuilt = try SheetLogDatabase.open(path: path, options: options)
            try await rebuilt.rebuildProjections()
            let verification = try await rebuilt.verify()
            try rebuilt.close()
            #expect(try Self.rows(at: path) == inline, "the rows a rebuild writes differ from the inline ones for \(numbers)")
            #expect(verification.isHealthy, "\(verification.firstFailure.map { "\($0.name): \($0.detail)" } ?? "") for \(numbers)")
        }
    }

    /// Every row of the three read models, every column as stored, in a fixed order.
    static func rows(at path: String) throws -> [String] {
        let queue = try DatabaseQueue(path: path)
        return try queue.read { db in
            var rows: [String] = []
            for (table, order) in [("sessions", "session"), ("presentations", "session, presentation"), ("dismissals", "position")] {
                for row in try Row.fetchAll(db, sql: "SELECT * FROM \(table) ORDER BY \(order)") {
                    rows.append("\(table): \(row.description)")
                }
            }
            return rows
        }
    }
}
