import Foundation
import SheetLogTestSupport
import Testing

/// The SIGKILL tier once on a sealed database, through the real binary: `sheetlog --key-file K
/// ingest --each` killed at a random answer, while every third line is a new person's first command,
/// whose data key is created in that command's transaction. Afterwards, with the key: verify passes,
/// every acknowledged value reads back as sent (an acknowledged event's key is never lost), and
/// sending the whole input again stores the rest and nothing twice.
@Suite("reliability: SIGKILL on a sealed database")
struct SealedKillTests {
    static let sheetlog = ProductBinary.url("sheetlog")
    static let people = 40
    static let runs = 6

    @Test("killed while it records, often in a person's first append: every acknowledged value reads back with its key")
    func killsOnASealedDatabase() async throws {
        let directory = try TemporaryDirectory("sealed-kills")
        let key = directory.path("master.key")
        #expect(try await ProductBinary.runOffThePool(Self.sheetlog, ["keygen", key]).status == 0)
        var random = SplitMix64(seed: TierSettings.baseSeed)
        var acknowledged = 0
        for run in 0..<Self.runs {
            let lines = Self.lines(run: run)
            let killAfter = Int.random(in: 1...(lines.count - 10), using: &random)
            let delay = UInt32.random(in: 0...3_000, using: &random)
            let path = directory.path("kill-\(run).sqlite")
            let acks = try await offThePool { try Self.ingestKilled(path: path, key: key, lines: lines, afterAnswers: killAfter, delay: delay) }
            acknowledged += acks.count
            let context = "run \(run), killed after \(killAfter) answers + \(delay) µs (SHEETLOG_SEED=\(TierSettings.baseSeed))"
            let verify = try await ProductBinary.runOffThePool(Self.sheetlog, ["--db", path, "--key-file", key, "verify"])
            #expect(verify.status == 0, "\(context): \(verify.stdout) \(verify.stderr)")
            let stored = try await Self.exportedValues(path: path, key: key)
            for line in acks {
                #expect(stored[Self.id(run: run, line: line)] == Self.value(run: run, line: line), "\(context): acknowledged line \(line)")
            }
            let resend = try await ProductBinary.runOffThePool(
                Self.sheetlog, ["--db", path, "--key-file", key, "ingest", "-", "--json"], input: Data((lines.joined(separator: "\n") + "\n").utf8))
            #expect(resend.status == 0, "\(context): \(resend.stderr)")
            let all = try await Self.exportedValues(path: path, key: key)
            for line in 1...lines.count {
                #expect(all[Self.id(run: run, line: line)] == Self.value(run: run, line: line), "\(context): line \(line) after the resend")
            }
            #expect(all.count == lines.count, "\(context): one event per line, none twice")
        }
        #expect(acknowledged > Self.runs * 5, "kills should land inside the input")
    }

    /// Three lines per person, each session its own person's: present (the person's first command,
    /// a baseline value), edit, save. Line n (1-based) carries id and value ``id(run:line:)`` and
    /// ``value(run:line:)``.
    static func lines(run: Int) -> [String] {
        (0..<people).flatMap { person -> [String] in
            let base = person * 3
            let session = "s-\(run)-\(person)"
            return [
                #"{"session":"\#(session)","type":"present","presentation":"p","route":{"name":"newExpense"},"baseline":{"amount":"\#(value(run: run, line: base + 1))"},"subject":"person-\#(run)-\#(person)","id":"\#(id(run: run, line: base + 1))"}"#,
                #"{"session":"\#(session)","type":"edit","field":"amount","value":"\#(value(run: run, line: base + 2))","id":"\#(id(run: run, line: base + 2))"}"#,
                #"{"session":"\#(session)","type":"save","values":{"amount":"\#(value(run: run, line: base + 3))"},"id":"\#(id(run: run, line: base + 3))"}"#,
            ]
        }
    }

    static func id(run: Int, line: Int) -> String { "c-\(run)-\(line)" }
    static func value(run: Int, line: Int) -> String { "mk-\(run)-\(line)-7e21" }

    /// Starts `ingest --each`, reads answers until `afterAnswers`, waits `delay` µs and kills it;
    /// the lines it acknowledged (answered with an ack).
    static func ingestKilled(path: String, key: String, lines: [String], afterAnswers: Int, delay: UInt32) throws -> [Int] {
        let process = Process()
        process.executableURL = sheetlog
        process.arguments = ["--db", path, "--key-file", key, "ingest", "-", "--each"]
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        // The whole input at once: it fits in the pipe (about 10 KiB), so the write never blocks.
        try input.fileHandleForWriting.write(contentsOf: Data((lines.joined(separator: "\n") + "\n").utf8))
        var answers: [String] = []
        var pending = Data()
        while answers.count < afterAnswers {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            pending += chunk
            while let end = pending.firstIndex(of: UInt8(ascii: "\n")) {
                answers.append(String(decoding: pending[pending.startIndex..<end], as: UTF8.self))
                pending = Data(pending[(end + 1)...])
            }
        }
        usleep(delay)
        kill(process.processIdentifier, SIGKILL)
        try process.requireExit(within: .seconds(30))
        // Answers written before the kill and not read yet count too: each was flushed after its commit.
        let rest = (try? output.fileHandleForReading.readToEnd()) ?? nil
        pending += rest ?? Data()
        answers += String(decoding: pending, as: UTF8.self).split(separator: "\n").map(String.init)
        return try answers.compactMap { answer in
            let object = try #require(try JSONSerialization.jsonObject(with: Data(answer.utf8)) as? [String: Any], "\(answer)")
            return object["ack"] == nil ? nil : object["line"] as? Int
        }
    }

    /// The value each exported command carries (a present's baseline, an edit's value, a save's
    /// values), by command id.
    static func exportedValues(path: String, key: String) async throws -> [String: String] {
        let export = try await ProductBinary.runOffThePool(sheetlog, ["--db", path, "--key-file", key, "export"])
        try #require(export.status == 0, "\(export.stderr)")
        var values: [String: String] = [:]
        for line in export.stdout.split(separator: "\n") {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            guard let id = object["id"] as? String else { continue }
            let carried = (object["baseline"] as? [String: Any])?["amount"] ?? object["value"] ?? (object["values"] as? [String: Any])?["amount"]
            values[id] = carried as? String
        }
        return values
    }
}
