import Foundation
import SheetLogTestSupport

/// Runs the appender on a small tmpfs inside a private mount namespace (``Tmpfs``), so that the
/// disk really fills up; the database is copied out before the namespace (and its tmpfs) goes away.
enum TmpfsMount {
    static let appendCount = 400

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
        let run = Tmpfs.run(script, [mountPoint, AppenderProcess.executable.path, String(seed), String(appendCount), copy]) {
            $0.status == 0 || $0.output.contains("open")
        }
        guard let run else { return Result(status: -1, lines: [], errorOutput: "no mount namespace could be made", databaseCopy: "") }
        return Result(status: run.status, lines: run.output.split(separator: "\n").map(String.init),
                      errorOutput: run.errors, databaseCopy: copy + "/full.sqlite")
    }
}
