import Foundation
import GRDB
import SheetLogTestSupport
import Testing

/// `ingest --each` on a disk that fills up: it stops at the first storage failure instead of
/// retrying every later line on a handle that cannot be trusted any more, and says which line
/// failed and whether that line is stored.
@Suite("sheetlog ingest --each on a full disk")
struct CLIDiskFullTests {
    static let lineCount = 1_500

    /// A present, then edits with new values: every line appends an event, and the WAL grows.
    static func lines() -> [String] {
        [IngestLines.present(id: "d-0")] + (1..<lineCount).map { number in
            #"{"session":"s1","id":"d-\#(number)","type":"edit","field":"amount","value":"\#(number)\#(String(repeating: "x", count: 1_000))"}"#
        }
    }

    @Test("stops at the first failure, names its line and whether it is stored, exit 1",
          .enabled(if: Tmpfs.isAvailable, Comment(rawValue: Tmpfs.availability)))
    func stopsAtTheFirstStorageFailure() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        let input = cli.directory.appendingPathComponent("in.jsonl")
        try Data((Self.lines().joined(separator: "\n") + "\n").utf8).write(to: input)
        let result = try TmpfsIngest.ingest(input, ["--each"], kilobytes: 640, in: cli.directory)
        #expect(result.status == 1, "\(result.stderr)")

        let answers = try result.stdout.split(separator: "\n").map { try #require(try CLIHarness.json(String($0)) as? [String: Any]) }
        let last = try #require(answers.last)
        let failedLine = try #require(last["line"] as? Int)
        try #require(failedLine > 1 && failedLine < Self.lineCount, "the disk never filled up, or nothing fit: \(result.stderr)")
        // Lines 1…N answered in order, N the failed one; nothing after it was recorded.
        #expect(answers.compactMap { $0["line"] as? Int } == Array(1...failedLine))
        #expect(answers.dropLast().allSatisfy { $0["ack"] != nil })
        #expect(last["stopped"] as? Bool == true)
        #expect(["storageFull", "commitOutcomeUnknown", "storage"].contains(last["code"] as? String ?? ""), "\(last)")

        // One failure on stderr and the stop, not one error per remaining line (the store's log
        // lines, timestamped, are not counted).
        let errors = result.stderr.split(separator: "\n").map(String.init).filter { $0.hasPrefix("sheetlog: ") }
        #expect(errors.count == 2, "\(errors.prefix(5))")
        #expect(errors.first?.hasPrefix("sheetlog: line \(failedLine): ") == true, "\(errors)")
        #expect(errors.last?.hasPrefix("sheetlog: stopped at line \(failedLine): ") == true, "\(errors)")
        #expect(errors.last?.hasSuffix("lines after \(failedLine) were not recorded") == true, "\(errors)")

        // The copy holds every acked line where it was acked, and the failed line as its answer says.
        let stored = try StoredLog(path: result.databaseCopy).events()
        let storedIDs = stored.map { $0.split(separator: " ")[1] }
        #expect(Array(storedIDs.prefix(failedLine - 1)) == (0..<failedLine - 1).map { "d-\($0)"[...] })
        switch last["stored"] {
        case let flag as Bool:
            #expect(stored.count == failedLine - 1 + (flag ? 1 : 0), "stored says \(flag)")
        default:
            #expect(stored.count == failedLine - 1 || stored.count == failedLine)
            #expect(errors.last?.contains("is unknown") == true, "\(errors)")
        }
        let verify = try cli.run(["verify"], database: result.databaseCopy)
        #expect(verify.status == 0, "\(verify.stdout)\(verify.stderr)")
    }
}
