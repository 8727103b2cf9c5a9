import ArgumentParser
import Foundation
import SheetLog
import SheetLogCore

/// `sheetlog`: the command line of SheetLog for support engineers, auditors and newcomers.
///
/// ```sh
/// swift run sheetlog demo
/// sheetlog --db app.sqlite replay window-1 --json
/// ```
@main
struct SheetLogCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sheetlog",
        abstract: "Record, replay, audit and recover the sheet and form state of an app, kept in a SheetLog database.",
        discussion: """
            Exit codes: 0 success, 1 rejected input or a failed check, 2 usage error, 3 the database is \
            busy: another process held its lock past --busy-timeout and the command stopped, having \
            changed nothing (ingest --each: the lines acked before are stored); try again. 4 verify \
            could not run its checks (no database, or one it cannot open): its 1 is only ever a failed check.
            The database is --db PATH, else $SHEETLOG_DB, else ./sheetlog.sqlite.
            """,
        subcommands: [
            DemoCommand.self, IngestCommand.self, SessionsCommand.self, ReplayCommand.self, StateCommand.self, AuditCommand.self, RecoverCommand.self,
            VerifyCommand.self, RebuildCommand.self, StatsCommand.self, ExportCommand.self, PushCommand.self, KeygenCommand.self, EraseCommand.self,
            ErasuresCommand.self, PruneCommand.self,
        ])

    @OptionGroup var global: GlobalOptions

    /// The binary: runs the command line it was given on this process's streams and exits with its code.
    nonisolated static func main() async {
        let status = await run(arguments: Array(CommandLine.arguments.dropFirst()), io: .process)
        Foundation.exit(status)
    }

    /// Parses `arguments` as the root command, runs it with `io` as its stdin, stdout, stderr and
    /// environment, and turns every failure into one sentence on stderr and the documented exit code,
    /// which it returns: the binary's `main` and the tests that run a command in their own process.
    /// Never exits the process.
    nonisolated static func run(arguments: [String], io: CommandIO) async -> Int32 {
        await CommandIO.$current.withValue(io) {
            let command: any ParsableCommand
            do {
                command = try parseAsRoot(arguments)
            } catch {
                return statusForParseFailure(error)
            }
            do {
                try await execute(command)
            } catch {
                return statusForRunFailure(error, of: command)
            }
            return ExitStatus.success
        }
    }

    /// Runs the parsed command.
    private nonisolated static func execute(_ command: any ParsableCommand) async throws {
        if var asyncCommand = command as? any AsyncParsableCommand {
            try await asyncCommand.run()
        } else {
            var syncCommand = command
            try syncCommand.run()
        }
    }

    /// Help and version go to stdout with 0; every other parse failure is a usage error (2, not 64).
    private static func statusForParseFailure(_ error: any Error) -> Int32 {
        let code = exitCode(for: error)
        if code == .success { return cleanExit(error) }
        Terminal.writeError(message(for: error))
        return ExitStatus.usage
    }

    private static func statusForRunFailure(_ error: any Error, of command: any ParsableCommand) -> Int32 {
        switch error {
        case let error as SheetLogError where error.code == .busy:
            // Not a failed check nor rejected input: the command did nothing and can be run again.
            Terminal.writeError("sheetlog: \(busyMessage(error, of: command))")
            return ExitStatus.busy
        case let error as SheetLogError where command is VerifyCommand:
            // An auditor's script reads verify's 1 as "the file failed a check": a file that could
            // not be checked at all says so with its own code.
            Terminal.writeFailure("sheetlog: \(error.description)")
            return ExitStatus.notVerified
        case let error as SheetLogError:
            Terminal.writeFailure("sheetlog: \(error.description)")
            return ExitStatus.failure
        case let error as ExitCode:
            return error.rawValue
        case is ValidationError:
            Terminal.writeError("sheetlog: \(message(for: error))")
            return ExitStatus.usage
        default:
            // A command with subcommands asks for help by throwing; ArgumentParser's own errors keep their meaning.
            let code = exitCode(for: error)
            if code == .success { return cleanExit(error) }
            if code == .validationFailure {
                Terminal.writeError(message(for: error))
                return ExitStatus.usage
            }
            // Only the type: a foreign error's description may quote a value.
            Terminal.writeError("sheetlog: failed with an unexpected error of type \(type(of: error))")
            return ExitStatus.failure
        }
    }

    /// What ArgumentParser's `exit(withError:)` prints for a clean exit (help): the text and a line
    /// break on stdout, nothing for an empty text; and its code.
    private static func cleanExit(_ error: any Error) -> Int32 {
        let text = message(for: error)
        if !text.isEmpty { Terminal.writeLine(text) }
        return exitCode(for: error).rawValue
    }

    /// ArgumentParser's full message for `error`, wrapped at this run's width.
    private static func message(for error: any Error) -> String {
        fullMessage(for: error, columns: Terminal.io.helpColumns)
    }
}

extension SheetLogCommand {
    /// "could not check PATH: the database is busy …", led by the input line when there is one.
    static func busyMessage(_ error: SheetLogError, of command: any ParsableCommand) -> String {
        let line = error.context.line.map { "line \($0): " } ?? ""
        guard let command = command as? any GlobalOptionsCommand else { return line + error.message }
        let action = type(of: command).databaseAction
        return "\(line)could not \(action) \(command.global.databasePath): the database is busy (locked by another process) — try again"
    }
}

/// The documented exit codes.
enum ExitStatus {
    static let success: Int32 = 0
    /// Rejected input or a failed check.
    static let failure: Int32 = 1
    /// A usage error.
    static let usage: Int32 = 2
    /// Another process held the database's lock past the busy timeout: nothing was done; try again.
    static let busy: Int32 = 3
    /// `verify` could not run its checks (no database at the path, one it cannot open or read, a
    /// sealed one without its key): nothing was checked. Its ``failure`` is only ever a failed check.
    static let notVerified: Int32 = 4
}
