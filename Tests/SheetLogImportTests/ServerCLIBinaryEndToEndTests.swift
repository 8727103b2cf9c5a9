import Foundation
@testable import SheetLogServerCLI
import SheetLogTestSupport
import Testing

/// Every `sheetlog-server` command but `serve` once as the real executable: the other fleet tests run
/// the commands in this process (``InProcessCommand/Entry/sheetlogServer``), and this suite shows that
/// the binary's `main` runs the same entry function: the same exit code, stdout and stderr as in
/// process, on a twin fleet database. (`serve` runs as a binary in every test of it.)
@Suite("sheetlog-server: each command once as the built binary")
struct ServerCLIBinaryEndToEndTests {
    /// One command: its arguments (`FLEET` stands for the fleet's URL, `DIR/` for a folder of the
    /// run's own), whether the fleet holds the demo device first, and the exit code it ends with.
    struct Case: Sendable, CustomTestStringConvertible {
        var command: String
        var arguments: [String]
        var imported = true
        var status: Int32 = 0
        var testDescription: String { command }
    }

    static let cases: [Case] = [
        Case(command: "import", arguments: ["import", "--postgres", "FLEET", "--device", "phone", "DIR/demo.sqlite"], imported: false),
        Case(command: "audit", arguments: ["audit", "--postgres", "FLEET", "--json"]),
        Case(command: "replay", arguments: ["replay", "--postgres", "FLEET", "--device", "demo", "demo-expense", "--json"]),
        Case(command: "recover", arguments: ["recover", "--postgres", "FLEET"]),
        Case(command: "verify", arguments: ["verify", "--postgres", "FLEET", "--json"]),
        Case(command: "stats", arguments: ["stats", "--postgres", "FLEET"]),
        Case(command: "sessions", arguments: ["sessions", "--postgres", "FLEET", "--json"]),
        Case(command: "rebuild", arguments: ["rebuild", "--postgres", "FLEET", "--device", "demo"]),
        Case(command: "device", arguments: ["device", "add", "ipad-7", "--postgres", "FLEET"], imported: false),
        Case(command: "token", arguments: ["token", "add", "--read", "support", "--postgres", "FLEET"], imported: false),
        Case(command: "enrolment", arguments: ["enrolment", "add", "app-2.4", "--max-devices", "3", "--postgres", "FLEET"], imported: false),
        Case(command: "collector-key", arguments: ["collector-key", "DIR/collector.key"], imported: false),
        // A plain device shared no key of any subject: refused in one line, exit 1.
        Case(command: "erase", arguments: ["erase", "--postgres", "FLEET", "--subject", "nobody", "--requested-by", "ticket 1"], status: 1),
    ]

    @Test("every command of sheetlog-server but serve has its case here")
    func everyCommandHasACase() {
        let commands = SheetLogServerCommand.configuration.subcommands.compactMap { $0.configuration.commandName }
        #expect(Set(commands) == Set(Self.cases.map(\.command) + ["serve"]))
        #expect(commands.count == Self.cases.count + 1)
    }

    @Test("the binary answers as the command run in process does", arguments: cases)
    func binaryAnswersAsInProcess(_ command: Case) async throws {
        let binary = try await Twin(command), inProcess = try await Twin(command)
        let fromBinary = try await ProductBinary.runOffThePool(ProductBinary.url("sheetlog-server"), binary.arguments(command))
        let fromProcess = try await InProcessCommand.run(.sheetlogServer, inProcess.arguments(command))
        #expect(fromBinary.status == command.status, "\(fromBinary.stdout)\(fromBinary.stderr)")
        #expect(fromProcess.status == fromBinary.status)
        #expect(inProcess.comparable(fromProcess.stdout) == binary.comparable(fromBinary.stdout))
        #expect(inProcess.comparable(fromProcess.stderr) == binary.comparable(fromBinary.stderr))
        #expect(!fromBinary.stdout.isEmpty || !fromBinary.stderr.isEmpty, "the case shows nothing")
    }

    /// `sheetlog demo`'s file, made once: both runs read the same bytes (a demo's ids and times are new each time).
    static let demo = Task {
        let directory = try TemporaryDirectory("server-cli-demo")
        let demo = try await InProcessCommand.run(.sheetlog, ["--db", directory.path("demo.sqlite"), "demo", "--plain"])
        try #require(demo.status == 0, "\(demo.stderr)")
        return (directory, try Data(contentsOf: URL(fileURLWithPath: directory.path("demo.sqlite"))))
    }

    /// A fleet database and a folder of one run's own, with a copy of the demo's file in it (imported
    /// as device `demo` when the case says so).
    struct Twin {
        let directory: TemporaryDirectory
        let fleet: FleetDatabase

        init(_ command: Case) async throws {
            directory = try TemporaryDirectory("server-cli")
            fleet = try await FleetDatabase.fresh()
            try await ServerCLIBinaryEndToEndTests.demo.value.1.write(to: URL(fileURLWithPath: directory.path("demo.sqlite")))
            if command.imported {
                let imported = try await InProcessCommand.run(
                    .sheetlogServer, ["import", "--postgres", fleet.url, "--device", "demo", directory.path("demo.sqlite")])
                try #require(imported.status == 0, "\(imported.stderr)")
            }
        }

        func arguments(_ command: Case) -> [String] {
            command.arguments.map { argument in
                if argument == "FLEET" { return fleet.url }
                if argument.hasPrefix("DIR/") { return directory.path(String(argument.dropFirst(4))) }
                return argument
            }
        }

        /// `text` without what differs between two runs by design: this run's paths and database,
        /// and a new secret (a token, a key) each run.
        func comparable(_ text: String) -> String {
            text.replacingOccurrences(of: directory.path(""), with: "DIR/")
                .replacingOccurrences(of: fleet.name, with: "FLEET")
                .replacing(/sl[a-z]_[0-9a-f]{64}/, with: "TOKEN")
                .replacing(/^[A-Za-z0-9+\/=_-]{40,}$/.anchorsMatchLineEndings(), with: "PUBLIC-KEY")
        }
    }
}
