import Foundation
import SheetLogTestSupport
import Testing

/// Runs `sheetlog` on a temporary database and captures what it prints: in this process by default
/// (its entry function, as the binary's `main` runs it), the built binary with ``runBinary(_:input:database:environment:)``
/// for the tests whose point is a process (another process holding a lock, a user without privileges,
/// a mount namespace, a pipe read line by line).
struct CLIHarness {
    /// What one run printed and how it exited.
    typealias Run = ProductBinary.Run

    let directory: URL
    let database: String

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("sheetlog-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        database = directory.appendingPathComponent("test.sqlite").path
    }

    /// The `sheetlog` executable next to the test bundle (the products directory).
    static let executable = ProductBinary.url("sheetlog")

    /// Runs `sheetlog --db <database> arguments…` with `input` on stdin, in this process.
    @discardableResult
    func run(_ arguments: [String], input: Data = Data(), database: String? = nil, environment: [String: String] = [:]) throws -> Run {
        try Self.run(["--db", database ?? self.database] + arguments, input: input, environment: environment)
    }

    /// Runs the `sheetlog` binary with `--db <database> arguments…` and `input` on stdin.
    @discardableResult
    func runBinary(_ arguments: [String], input: Data = Data(), database: String? = nil, environment: [String: String] = [:]) throws -> Run {
        try Self.runBinary(["--db", database ?? self.database] + arguments, input: input, environment: environment)
    }

    /// Runs the `sheetlog` binary with `--db <database> arguments…` as a user without privileges, for
    /// whom file permissions hold: the tests run as root, which reads and writes a 0444 file in a 0555 folder.
    /// `user` is `nobody` (65534) unless another is given (its group the same number).
    func runUnprivileged(_ arguments: [String], database: String? = nil, user: UInt32 = 65534) throws -> Run {
        try Self.runBinary(["--db", database ?? self.database] + arguments, unprivileged: true, user: user)
    }

    /// Whether ``runUnprivileged(_:database:)`` can drop root's privileges here (`setpriv`, util-linux).
    static var canRunUnprivileged: Bool {
        getuid() != 0 || FileManager.default.isExecutableFile(atPath: setpriv)
    }

    private static let setpriv = "/usr/bin/setpriv"

    /// Runs `sheetlog arguments…` as given in this process: the binary's entry function with `input`
    /// as stdin and the environment a child would see (``ProductBinary/environment(_:)``).
    @discardableResult
    static func run(_ arguments: [String], input: Data = Data(), environment: [String: String] = [:]) throws -> Run {
        try InProcessCommand.run(.sheetlog, arguments, input: input, environment: environment)
    }

    /// Runs the `sheetlog` binary with `arguments…` as given; with `unprivileged`, as user and group
    /// `nobody` (65534) when this process is root.
    @discardableResult
    static func runBinary(
        _ arguments: [String], input: Data = Data(), environment: [String: String] = [:], unprivileged: Bool = false, user: UInt32 = 65534
    ) throws -> Run {
        if unprivileged && getuid() == 0 {
            return try ProductBinary.run(
                URL(fileURLWithPath: setpriv), ["--reuid=\(user)", "--regid=\(user)", "--clear-groups", executable.path] + arguments,
                input: input, environment: environment)
        }
        return try ProductBinary.run(executable, arguments, input: input, environment: environment)
    }

    /// Runs `sheetlog ingest -` (with `extra` arguments) on these lines.
    @discardableResult
    func ingest(_ lines: [String], _ extra: [String] = [], database: String? = nil) throws -> Run {
        try run(["ingest", "-"] + extra, input: Data((lines.joined(separator: "\n") + "\n").utf8), database: database)
    }

    /// The exit code of a command refused before it ran (no database, a file it cannot open): 1, and
    /// 4 for `verify`, whose 1 only ever means a failed check.
    static func refusalStatus(_ arguments: [String]) -> Int32 {
        arguments.first == "verify" ? 4 : 1
    }

    /// Parses a `--json` output.
    static func json(_ text: String) throws -> Any {
        try JSONSerialization.jsonObject(with: Data(text.utf8))
    }

    func remove() { try? FileManager.default.removeItem(at: directory) }
}
