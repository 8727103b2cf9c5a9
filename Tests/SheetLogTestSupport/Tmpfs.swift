import Foundation

/// A small tmpfs inside a private mount namespace, so that a test's disk really fills up: what the
/// disk-full tests of the CLI and of the appender share. The script copies what it needs out before
/// the namespace (and its tmpfs) goes away.
///
/// ```swift
/// let run = Tmpfs.run(#"mount -t tmpfs -o size=64k tmpfs "$1" && df "$1""#, [mountPoint]) { $0.status == 0 }
/// ```
package enum Tmpfs {
    /// What a script run in a namespace printed and how it exited.
    package struct Output: Sendable {
        package var status: Int32
        package var output: String
        package var errors: String
    }

    /// Whether a tmpfs can be mounted here (as root, or in a user namespace mapping us to root),
    /// and why not: for `.enabled(if: Tmpfs.isAvailable, Comment(rawValue: Tmpfs.availability))`.
    package static let isAvailable: Bool = probe.available
    package static let availability: String = probe.comment

    private static let probe: (available: Bool, comment: String) = {
        for prefix in namespacePrefixes {
            if run(prefix + ["sh", "-c", "mount -t tmpfs -o size=64k tmpfs /mnt && umount /mnt"]).status == 0 {
                return (true, "tmpfs in a mount namespace via \(prefix.joined(separator: " "))")
            }
        }
        return (false, "skipped: cannot mount a tmpfs (not root, and unshare --user --map-root-user --mount is not permitted here)")
    }()

    private static let namespacePrefixes = [
        ["unshare", "--user", "--map-root-user", "--mount"],
        ["unshare", "--mount"],
    ]

    /// Runs `sh -c script sh arguments…` in a private mount namespace, trying each way to make one
    /// until `succeeded` holds for what it printed; nil when no way did.
    package static func run(_ script: String, _ arguments: [String], until succeeded: (Output) -> Bool) -> Output? {
        for prefix in namespacePrefixes {
            let output = run(prefix + ["sh", "-c", script, "sh"] + arguments)
            if succeeded(output) { return output }
        }
        return nil
    }

    private static func run(_ arguments: [String]) -> Output {
        do {
            let run = try ProductBinary.run(URL(fileURLWithPath: "/usr/bin/env"), arguments)
            return Output(status: run.status, output: run.stdout, errors: run.stderr)
        } catch {
            return Output(status: -1, output: "", errors: "\(error)")
        }
    }
}
