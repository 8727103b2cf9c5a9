import Foundation
import GRDB
import SheetLog
import Testing

/// Two `sheetlog ingest` processes append to one file at once — one line by line with `--each`,
/// one file after file in the default mode — while this test polls the log like a third reader.
@Suite("two sheetlog ingest processes on one file")
struct TwoProcessIngestTests {
    static let eachRounds = 0..<16
    static let chunkCount = 8
    static let roundsPerChunk = 2

    @Test("both finish, positions are gap-free, every batch is contiguous, and a reader never sees a gap")
    func twoWritersAndAPollingReader() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sheetlog-two-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("log.sqlite").path
        _ = try SheetLogDatabase.open(path: path)

        let eachInput = directory.appendingPathComponent("each.jsonl")
        let eachLines = ["each-a", "each-b"].flatMap { SessionWorkload(session: $0).lines(rounds: Self.eachRounds, unit: nil) }
        try Data((eachLines.joined(separator: "\n") + "\n").utf8).write(to: eachInput)
        var chunkFiles: [URL] = []
        for chunk in 0..<Self.chunkCount {
            let rounds = chunk * Self.roundsPerChunk..<(chunk + 1) * Self.roundsPerChunk
            let lines = ["batch-a", "batch-b"].flatMap { SessionWorkload(session: $0).lines(rounds: rounds, unit: "chunk\(chunk)") }
            let url = directory.appendingPathComponent("chunk\(chunk).jsonl")
            try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: url)
            chunkFiles.append(url)
        }
        let chunks = chunkFiles

        let reader = try PollingReader(path: path)
        let each = try ChildProcess(["--db", path, "ingest", eachInput.path, "--each"])
        let batchRuns = Locked<[ChildProcess.Result]>([])
        let batchDone = DispatchGroup()
        DispatchQueue.global().async(group: batchDone) {
            for chunk in chunks {
                guard let run = try? ChildProcess(["--db", path, "ingest", chunk.path, "--json"]) else { return }
                let result = run.wait()
                batchRuns.update { $0.append(result) }
            }
        }
        while each.isRunning || batchDone.wait(timeout: .now()) == .timedOut {
            try reader.poll()
            usleep(2_000)
        }
        try reader.poll()

        let eachResult = each.wait()
        #expect(eachResult.status == 0, "\(eachResult.stderr)")
        let batches = batchRuns.value
        #expect(batches.count == Self.chunkCount)
        for (chunk, result) in batches.enumerated() { #expect(result.status == 0, "chunk \(chunk): \(result.stderr)") }

        // What the reader saw while the writers ran.
        #expect(reader.gaps.isEmpty, "the reader saw gaps: \(reader.gaps.prefix(3))")
        #expect(reader.nonEmptyPolls >= 2)
        #expect(reader.unitsSplitAcrossPolls.isEmpty, "a batch became visible in parts: \(reader.unitsSplitAcrossPolls.prefix(3))")

        let stored = try StoredEvents(path: path)
        #expect(stored.positions == Array(1...Int64(stored.positions.count)), "positions have gaps")
        #expect(stored.versionsAreGapFree)
        #expect(reader.seen == stored.positions.count)

        // --each: one answer per line, in order; a dismissAll's answer lists its events. Each line's
        // events are contiguous and stored where acked.
        let answers = try eachResult.stdout.split(separator: "\n").map { try JSONDecoder().decode(Answer.self, from: Data($0.utf8)) }
        #expect(answers.map(\.line) == Array(1...eachLines.count), "one answer per line, in input order")
        let acks = answers.flatMap { $0.events ?? [Ack(ack: $0.ack, position: $0.position, session: $0.session, version: $0.version)] }
        #expect(acks.count == eachLines.count + Self.eachRounds.count * 2, "one ack per event, a dismissAll acks two")
        let acksByLine = Dictionary(grouping: acks) { SessionWorkload.unit(of: $0.ack) }
        #expect(acksByLine.count == eachLines.count)
        for (line, lineAcks) in acksByLine {
            #expect(Self.isContiguous(lineAcks.map(\.position)), "line \(line) acked at \(lineAcks.map(\.position))")
        }
        for ack in acks { #expect(stored.positionByID[ack.ack] == ack.position, "\(ack.ack)") }

        // Default mode: every file is one transaction, so its events are one contiguous block.
        let summaries = try batches.map { try JSONDecoder().decode(Summary.self, from: Data($0.stdout.utf8)) }
        for chunk in 0..<Self.chunkCount {
            let positions = stored.positions(ofUnit: "chunk\(chunk)")
            #expect(positions.count == summaries[chunk].events, "chunk \(chunk)")
            #expect(Self.isContiguous(positions), "chunk \(chunk) spans \(positions.first ?? 0)…\(positions.last ?? 0)")
        }
        #expect(stored.positions.count == acks.count + summaries.map(\.events).reduce(0, +))

        let verify = try ChildProcess(["--db", path, "verify"]).wait()
        #expect(verify.status == 0, "\(verify.stdout)\(verify.stderr)")
    }

    static func isContiguous(_ positions: [Int64]) -> Bool {
        let sorted = positions.sorted()
        guard let first = sorted.first else { return false }
        return sorted == Array(first..<first + Int64(sorted.count))
    }

    struct Ack: Decodable {
        var ack: String
        var position: Int64
        var session: String
        var version: Int64
    }

    /// One line of `--each` output: the first event's ack, and every event when there are several.
    struct Answer: Decodable {
        var line: Int
        var ack: String
        var position: Int64
        var session: String
        var version: Int64
        var events: [Ack]?
    }

    struct Summary: Decodable {
        var events: Int
    }
}
