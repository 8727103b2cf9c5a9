import Foundation
import Testing

/// Only `demo` and `ingest` create a database: a command that checks or changes an existing log
/// refuses a missing file, as the reading commands do, and creates nothing.
@Suite("sheetlog commands on a missing database")
struct CLIMissingDatabaseTests {
    @Test func verifyRebuildAndRecoverWritesRefuseAMissingDatabaseAndCreateNothing() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        for arguments in [["verify"], ["verify", "--json"], ["rebuild"], ["rebuild", "--json"],
                          ["recover", "restore", "s1", "p1", "--into", "s2"], ["recover", "decline", "s1", "p1"]] {
            let run = try cli.run(arguments)
            #expect(run.status == 1, "\(arguments)")
            #expect(run.stderr == "sheetlog: there is no database at \(cli.database)\n", "\(arguments)")
            #expect(run.stdout.isEmpty, "\(arguments)")
            #expect(!FileManager.default.fileExists(atPath: cli.database), "\(arguments) created the file")
        }
    }
}
