import Foundation
@testable import SheetLogCLI
import SheetLogTestSupport
import Testing

/// Every `sheetlog` command once as the real executable: the other CLI tests run the commands in this
/// process (``CLIHarness/run(_:input:environment:)``), and this suite shows that the binary's `main`
/// runs the same entry function: the same exit code and the same stdout and stderr, byte for byte, as
/// in process on a twin database.
@Suite("sheetlog: each command once as the built binary")
struct CLIBinaryEndToEndTests {
    /// One command: how to prepare its database (in process), the arguments after `--db`, its stdin,
    /// and the exit code it must end with.
    struct Case: Sendable, CustomTestStringConvertible {
        var command: String
        var arguments: [String]
        var input = ""
        var status: Int32 = 0
        /// Prepares the database (and a key in the harness's folder) the command runs on.
        var setup: @Sendable (CLIHarness) throws -> Void = { _ in }
        var testDescription: String { command }
    }

    /// The key file every sealed case uses, inside the harness's folder.
    static func key(_ cli: CLIHarness) -> String { cli.directory.appendingPathComponent("master.key").path }

    static func demo(_ cli: CLIHarness) throws {
        let demo = try cli.run(["demo", "--plain"])
        #expect(demo.status == 0, "\(demo.stderr)")
    }

    static func sealed(_ cli: CLIHarness) throws {
        #expect(try CLIHarness.run(["keygen", key(cli)]).status == 0)
        let lines = #"{"session":"s1","subject":"user-7","type":"present","presentation":"p1","route":{"name":"newExpense"}}"# + "\n"
        #expect(try cli.run(["--key-file", key(cli), "ingest", "-"], input: Data(lines.utf8)).status == 0)
    }

    static let cases: [Case] = [
        Case(command: "demo", arguments: ["demo", "--plain"]),
        Case(command: "ingest", arguments: ["ingest", "-", "--each"], input: IngestLines.expenseFlow().joined(separator: "\n") + "\n"),
        Case(command: "sessions", arguments: ["sessions", "--active-at", "2026-01-01", "--csv"], setup: demo),
        Case(command: "replay", arguments: ["replay", "demo-expense", "--json"], setup: demo),
        Case(command: "state", arguments: ["state", "demo-expense", "--at", "2026-01-01T09:00:04Z", "--json"], setup: demo),
        Case(command: "audit", arguments: ["audit", "--json"], setup: demo),
        Case(command: "recover", arguments: ["recover"], setup: demo),
        Case(command: "verify", arguments: ["verify", "--json"], setup: demo),
        Case(command: "rebuild", arguments: ["rebuild"], setup: demo),
        Case(command: "stats", arguments: ["stats"], setup: demo),
        Case(command: "export", arguments: ["export"], setup: demo),
        // No collector listens: the token file is missing, refused before anything is sent (the
        // collector's own tests push to a live one).
        Case(command: "push", arguments: ["push", "--to", "http://127.0.0.1:9", "--device", "d1", "--token-file", "missing.token"],
             status: 1, setup: demo),
        Case(command: "keygen", arguments: ["keygen", "new.key"]),
        Case(command: "erase", arguments: ["--key-file", "master.key", "erase", "--subject", "user-7", "--requested-by", "ticket 1"],
             setup: sealed),
        Case(command: "erasures", arguments: ["erasures"], setup: sealed),
        Case(command: "prune", arguments: ["prune", "--before", "2100-01-01"], setup: demo),
    ]

    @Test("every command of sheetlog has its case here")
    func everyCommandHasACase() {
        let commands = SheetLogCommand.configuration.subcommands.compactMap { $0.configuration.commandName }
        #expect(Set(commands) == Set(Self.cases.map(\.command)))
        #expect(commands.count == Self.cases.count)
    }

    @Test("the binary answers as the command run in process does", arguments: cases)
    func binaryAnswersAsInProcess(_ command: Case) throws {
        let binary = try CLIHarness(), inProcess = try CLIHarness()
        defer { binary.remove(); inProcess.remove() }
        try command.setup(binary)
        try command.setup(inProcess)
        // Relative paths (a key, a token file) name the harness's folder in both runs.
        func arguments(_ cli: CLIHarness) -> [String] {
            command.arguments.map { $0.hasSuffix(".key") || $0.hasSuffix(".token") ? cli.directory.appendingPathComponent($0).path : $0 }
        }
        let fromBinary = try binary.runBinary(arguments(binary), input: Data(command.input.utf8))
        let fromProcess = try inProcess.run(arguments(inProcess), input: Data(command.input.utf8))
        #expect(fromBinary.status == command.status, "\(fromBinary.stdout)\(fromBinary.stderr)")
        #expect(fromProcess.status == fromBinary.status)
        #expect(Self.comparable(fromProcess.stdout, inProcess) == Self.comparable(fromBinary.stdout, binary))
        #expect(Self.comparable(fromProcess.stderr, inProcess) == Self.comparable(fromBinary.stderr, binary))
    }

    /// `text` with the harness's folder, the times of day and a new key's check in it replaced: the
    /// twins differ only in those.
    static func comparable(_ text: String, _ cli: CLIHarness) -> String {
        text.replacingOccurrences(of: cli.directory.path, with: "DIR")
            .replacingOccurrences(of: #"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z"#, with: "TIME", options: .regularExpression)
            .replacingOccurrences(of: #"check [0-9a-f]+\)"#, with: "check KEY)", options: .regularExpression)
    }
}
