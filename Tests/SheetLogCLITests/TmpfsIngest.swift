import Foundation
import SheetLogTestSupport

/// Runs `sheetlog ingest` on a database in a small tmpfs inside a private mount namespace
/// (``Tmpfs``), so that the disk really fills up; the database files are copied out before the
/// namespace goes away.
enum TmpfsIngest {
    /// What the ingest printed, and where the copy of its database is.
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
        var databaseCopy: String
    }

    /// Mounts a tmpfs of `kilobytes` at `directory/mnt` and runs `sheetlog --db <tmpfs>/log.sqlite
    /// ingest <input> arguments…` there; its output and the database files land in `directory`.
    static func ingest(_ input: URL, _ arguments: [String], kilobytes: Int, in directory: URL) throws -> Result {
        let mountPoint = directory.appendingPathComponent("mnt").path
        let copy = directory.appendingPathComponent("copy").path
        try FileManager.default.createDirectory(atPath: mountPoint, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: copy, withIntermediateDirectories: true)
        let stdout = directory.appendingPathComponent("stdout").path
        let stderr = directory.appendingPathComponent("stderr").path
        let script = """
            set -e
            mount -t tmpfs -o size=\(kilobytes)k tmpfs "$1"
            rc=0
            "$2" --db "$1/log.sqlite" ingest "$3" \(arguments.joined(separator: " ")) >"$4" 2>"$5" || rc=$?
            cp "$1"/log.sqlite* "$6"/
            exit $rc
            """
        let run = Tmpfs.run(script, [mountPoint, CLIHarness.executable.path, input.path, stdout, stderr, copy]) { _ in
            FileManager.default.fileExists(atPath: copy + "/log.sqlite")
        }
        guard let run else {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSLocalizedDescriptionKey: "no mount namespace could be made"])
        }
        return Result(
            status: run.status, stdout: (try? String(contentsOfFile: stdout, encoding: .utf8)) ?? "",
            stderr: (try? String(contentsOfFile: stderr, encoding: .utf8)) ?? "", databaseCopy: copy + "/log.sqlite")
    }
}
