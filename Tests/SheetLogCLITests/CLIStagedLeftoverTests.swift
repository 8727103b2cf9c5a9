import Foundation
import Testing

/// An ingest killed while it built a new file in its hidden staged copy leaves that copy behind; the
/// next ingest of the same file removes it once its process is gone, and nothing that may be live.
@Suite("ingest removes the staged files of killed ingests")
struct CLIStagedLeftoverTests {
    /// The id of a process that has ended (a child started and waited for).
    private func endedProcessID() throws -> Int32 {
        let child = Process()
        child.executableURL = URL(fileURLWithPath: "/bin/true")
        try child.run()
        child.waitUntilExit()
        return child.processIdentifier
    }

    @Test("a dead process's staged file and its WAL go; a live one's, an older name and another file's stay")
    func deadStagedFilesAreRemoved() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        let folder = cli.directory.path
        let dead = try endedProcessID()
        let abandoned = ".test.sqlite.sheetlog-new-\(dead)-\(UUID().uuidString)"
        let kept = [
            ".test.sqlite.sheetlog-new-\(getpid())-\(UUID().uuidString)",  // a live ingest's
            ".test.sqlite.sheetlog-new-\(UUID().uuidString)",  // an older SheetLog's name: no process id
            ".other.sqlite.sheetlog-new-\(dead)-\(UUID().uuidString)",  // another database's
        ]
        for name in [abandoned, abandoned + "-wal", abandoned + "-shm"] + kept {
            #expect(FileManager.default.createFile(atPath: folder + "/" + name, contents: Data("typed value mk-left-9d2e".utf8)))
        }
        let line = #"{"session":"s1","type":"present","presentation":"p","route":{"name":"n"}}"# + "\n"
        let ingest = try cli.run(["ingest", "-"], input: Data(line.utf8))
        #expect(ingest.status == 0, "\(ingest.stderr)")
        let left = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.contains("sheetlog-new") }
        #expect(Set(left) == Set(kept), "\(left)")
        #expect(FileManager.default.fileExists(atPath: cli.database))
    }
}
