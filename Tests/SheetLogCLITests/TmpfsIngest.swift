import Foundation
import Testing

/// Runs `sheetlog ingest` on a database in a small tmpfs inside a private mount namespace, so that
/// the disk really fills up; the database files are copied out before the namespace goes away.
enum TmpfsIngest {
    struct Probe: Sendable {
        var isAvailable: Bool
        var comment: Comment
    }

    /// Whether a tmpfs can be mounted here: as root, or in a user namespace mapping us to root.
    static let probe: Probe = {
        for prefix in namespacePrefixes {
            if run(prefix + ["sh", "-c", "mount -t tmpfs -o size=64k tmpfs /mnt && umount /mnt"]).status == 0 {
                return Probe(isAvailable: true, comment: "tmpfs in a mount namespace via \(prefix.joined(separator: " "))")
            }
        }
        return Probe(isAvailable: false, comment: "skipped: cannot mount a tmpfs (not root, and unshare --user --map-root-user --mount is not permitted here)")
    }()

    private static let namespacePrefixes = [
        ["unshare", "--user", "--map-root-user", "--mount"],
        ["unshare", "--mount"],
    ]

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
        for prefix in namespacePrefixes {
            let result = run(prefix + ["sh", "-c", script, "sh", mountPoint, CLIHarness.executable.path, input.path, stdout, stderr, copy])
            if FileManager.default.fileExists(atPath: copy + "/log.sqlite") {
                return Result(
                    status: result.status, stdout: (try? String(contentsOfFile: stdout, encoding: .utf8)) ?? "",
                    stderr: (try? String(contentsOfFile: stderr, encoding: .utf8)) ?? "", databaseCopy: copy + "/log.sqlite")
            }
        }
        throw CocoaError(.fileNoSuchFile, userInfo: [NSLocalizedDescriptionKey: "no mount namespace could be made"])
    }

    private static func run(_ arguments: [String]) -> (status: Int32, output: String, errors: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        do { try process.run() } catch { return (-1, "", "\(error)") }
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        let errorData = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: outputData, as: UTF8.self), String(decoding: errorData, as: UTF8.self))
    }
}
