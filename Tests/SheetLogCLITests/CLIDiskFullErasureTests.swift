import Foundation
import SheetLogTestSupport
import Testing

/// `ingest --each` whose `eraseSubject` line meets a full disk: the run stops there, as it does at
/// a command line, and says whether the erasure is stored.
@Suite("sheetlog ingest --each: an erasure on a full disk")
struct CLIDiskFullErasureTests {
    /// A sealed database holding one session of subject `a`, on a tmpfs filled up to `free` bytes.
    static let setup = #"{"session":"s1","subject":"a","type":"present","presentation":"p1","route":{"name":"n"},"baseline":{"amount":"1"}}"#
    /// The erasure, then a command of another subject the run must not reach.
    static let input = [
        #"{"type":"eraseSubject","subject":"a","id":"x-1","requestedBy":"ticket 9"}"#,
        #"{"session":"s2","subject":"b","type":"present","presentation":"p1","route":{"name":"n"}}"#,
    ]

    @Test("stops at the erasure line, says whether it is stored, and lines after it are not recorded",
          .enabled(if: Tmpfs.isAvailable, Comment(rawValue: Tmpfs.availability)))
    func stopsAtTheErasure() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        let key = cli.directory.appendingPathComponent("master.key").path
        #expect(try CLIHarness.run(["keygen", key]).status == 0)
        let setupFile = cli.directory.appendingPathComponent("setup.jsonl")
        let inputFile = cli.directory.appendingPathComponent("in.jsonl")
        try Data((Self.setup + "\n").utf8).write(to: setupFile)
        try Data((Self.input.joined(separator: "\n") + "\n").utf8).write(to: inputFile)

        // How much room the erasure's transaction needs is SQLite's business: free one page more
        // each time until the open succeeds and the erasure is what fails.
        var found: (run: FullDiskRun, answer: [String: Any])?
        for pages in 0...40 {
            let run = try FullDiskRun(cli: cli, key: key, setup: setupFile, input: inputFile, freeBytes: pages * 4_096)
            let answers = run.stdout.split(separator: "\n")
            guard let first = answers.first else { continue }  // the open itself found no room
            let answer = try #require(try CLIHarness.json(String(first)) as? [String: Any])
            try #require(answer["ack"] == nil, "the erasure found room before failing with \(pages) free pages: \(run.stdout)")
            if answer["code"] != nil {
                found = (run, answer)
                break
            }
        }
        let (run, answer) = try #require(found, "no free space made the erasure line fail")

        #expect(run.status == 1, "\(run.stderr)")
        #expect(answer["line"] as? Int == 1)
        #expect(["storageFull", "commitOutcomeUnknown", "storage"].contains(answer["code"] as? String ?? ""), "\(answer)")
        #expect(answer["stopped"] as? Bool == true, "\(answer)")
        #expect(run.stdout.split(separator: "\n").count == 1, "line 2 was tried after the failed erasure: \(run.stdout)")
        let errors = run.stderr.split(separator: "\n").map(String.init).filter { $0.hasPrefix("sheetlog: ") }
        #expect(errors.last?.hasPrefix("sheetlog: stopped at line 1: ") == true, "\(errors)")

        // The copy says what the answer said: the erasure stored, or the subject still whole.
        let export = try cli.run(["--key-file", key, "export"], database: run.databaseCopy)
        #expect(export.status == 0, "\(export.stderr)")
        #expect(!export.stdout.contains(#""subject":"b""#), "line 2 was recorded")
        switch answer["stored"] {
        case let stored as Bool:
            #expect(export.stdout.contains("eraseSubject") == stored, "stored: \(stored), export: \(export.stdout)")
            #expect(export.stdout.contains(#""amount":"1""#) == !stored)
        default:
            #expect(errors.last?.contains("is unknown") == true, "\(errors)")
        }
        #expect(try cli.run(["--key-file", key, "verify"], database: run.databaseCopy).status == 0)
    }

    /// One attempt: the setup ingested into a fresh tmpfs, the rest of it filled but `freeBytes`,
    /// then `ingest --each`; the database's files copied out.
    struct FullDiskRun {
        var status: Int32
        var stdout: String
        var stderr: String
        var databaseCopy: String

        init(cli: CLIHarness, key: String, setup: URL, input: URL, freeBytes: Int) throws {
            let attempt = cli.directory.appendingPathComponent("attempt-\(freeBytes)")
            let mountPoint = attempt.appendingPathComponent("mnt").path
            let copy = attempt.appendingPathComponent("copy").path
            try FileManager.default.createDirectory(atPath: mountPoint, withIntermediateDirectories: true)
            try FileManager.default.createDirectory(atPath: copy, withIntermediateDirectories: true)
            let stdoutPath = attempt.appendingPathComponent("stdout").path
            let stderrPath = attempt.appendingPathComponent("stderr").path
            let script = """
                set -e
                mount -t tmpfs -o size=1024k tmpfs "$1"
                "$2" --key-file "$3" --db "$1/log.sqlite" ingest "$4" >/dev/null
                dd if=/dev/zero of="$1/filler" bs=4096 2>/dev/null || true
                truncate -s -\(freeBytes) "$1/filler"
                rc=0
                "$2" --key-file "$3" --db "$1/log.sqlite" ingest "$5" --each >"$6" 2>"$7" || rc=$?
                cp "$1"/log.sqlite* "$8"/
                exit $rc
                """
            let arguments = [mountPoint, CLIHarness.executable.path, key, setup.path, input.path, stdoutPath, stderrPath, copy]
            let run = Tmpfs.run(script, arguments) { _ in FileManager.default.fileExists(atPath: copy + "/log.sqlite") }
            guard let run else {
                throw CocoaError(.fileNoSuchFile, userInfo: [NSLocalizedDescriptionKey: "no mount namespace could be made"])
            }
            status = run.status
            stdout = (try? String(contentsOfFile: stdoutPath, encoding: .utf8)) ?? ""
            stderr = (try? String(contentsOfFile: stderrPath, encoding: .utf8)) ?? ""
            databaseCopy = copy + "/log.sqlite"
        }
    }
}
