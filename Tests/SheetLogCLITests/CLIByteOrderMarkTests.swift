import Foundation
import Testing

/// A UTF-8 byte-order mark, as some Windows editors write at the start of a file: skipped at the
/// start of the input, named in the error anywhere else.
@Suite("sheetlog ingest and the UTF-8 byte-order mark")
struct CLIByteOrderMarkTests {
    static let bom: [UInt8] = [0xEF, 0xBB, 0xBF]

    private func input(_ lines: [String], bomBeforeLine bomLine: Int) -> Data {
        var data = Data()
        for (index, line) in lines.enumerated() {
            if index + 1 == bomLine { data.append(contentsOf: Self.bom) }
            data.append(contentsOf: Array((line + "\n").utf8))
        }
        return data
    }

    @Test func aMarkAtTheStartOfTheInputIsSkipped() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        let run = try cli.run(["ingest", "-"], input: input(IngestLines.expenseFlow(), bomBeforeLine: 1))
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == "ingested 4 events from 4 lines into s1 (4)\n")
        #expect(try StoredLog(path: cli.database).eventCount() == 4)
    }

    @Test func aMarkAtTheStartOfAFileIsSkippedLineByLineToo() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        let file = cli.directory.appendingPathComponent("windows.jsonl")
        try input(IngestLines.expenseFlow(), bomBeforeLine: 1).write(to: file)
        let run = try cli.run(["ingest", file.path, "--each"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.split(separator: "\n").first == #"{"ack":"e-1","line":1,"position":1,"session":"s1","version":1}"#)
    }

    @Test func aMarkOnALaterLineIsNamed() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        let run = try cli.run(["ingest", "-"], input: input(IngestLines.expenseFlow(), bomBeforeLine: 3))
        #expect(run.status == 1)
        #expect(run.stderr == "sheetlog: line 3: the line starts with a UTF-8 byte-order mark (EF BB BF), which is accepted only at the start of the input\n")
        #expect(try StoredLog(path: cli.database).eventCount() == 0)
    }

    @Test func aMarkAloneOnTheFirstLineLeavesABlankLine() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        var data = Data(Self.bom)
        data.append(contentsOf: Array(("\n" + IngestLines.present() + "\n").utf8))
        let run = try cli.run(["ingest", "-"], input: data)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == "ingested 1 event from 1 line into s1 (1)\n")
    }
}
