import Foundation
import Testing
import SheetLogTestSupport

/// Runs the appender on a small tmpfs inside a private mount namespace, so that the disk really
/// fills up; the database is copied out before the namespace (and its tmpfs) goes away.
enum TmpfsMount {
    static let appendCount = 400

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

    struct Result {
        var status: Int32
        var lines: [String]
        var errorOutput: String
        var databaseCopy: String
    }

    /// A 768 KiB tmpfs with a 192 KiB ballast file; the appender fills it, deletes the ballast and goes on.
    static func runAppenderUntilFull(seed: UInt64, in scratch: TemporaryDirectory) throws -> Result {
        let mountPoint = scratch.path("mnt")
        let copy = scratch.path("copy")
        try FileManager.default.createDirectory(atPath: mountPoint, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: copy, withIntermediateDirectories: true)
        let script = """
            set -e
            mount -t tmpfs -o size=768k tmpfs "$1"
            dd if=/dev/zero of="$1/ballast" bs=1024 count=192 2>/dev/null
            rc=0
            "$2" --path "$1/full.sqlite" --seed "$3" --appends "$4" --ballast "$1/ballast" --appends-after-full 10 || rc=$?
            cp "$1"/full.sqlite* "$5"/
            exit $rc
            """
        for prefix in namespacePrefixes {
            let result = run(prefix + ["sh", "-c", script, "sh", mountPoint, AppenderProcess.executable.path,
                                       String(seed), String(appendCount), copy])
            if result.status == 0 || result.output.contains("open") {
                return Result(status: result.status, lines: result.output.split(separator: "\n").map(String.init),
                              errorOutput: result.errors, databaseCopy: copy + "/full.sqlite")
            }
        }
        return Result(status: -1, lines: [], errorOutput: "no mount namespace could be made", databaseCopy: "")
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
