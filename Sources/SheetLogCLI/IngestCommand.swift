import ArgumentParser
import Foundation
import SheetLog
import SheetLogIngest

/// `sheetlog ingest [FILE|-] [--each] [--json]`: JSON Lines, one command per line.
struct IngestCommand: AsyncParsableCommand, GlobalOptionsCommand {
    static let configuration = CommandConfiguration(
        commandName: "ingest",
        abstract: "Record commands from JSON Lines, one command per line.",
        discussion: """
            By default the whole input is one transaction: one bad line rejects all of it and the database \
            is unchanged. With --each every line commits on its own and is acked on stdout as \
            {"ack":"<event id>","position":N,"session":"s1","version":V}, one line per event; bad lines \
            are reported on stderr and the exit code is 1 at the end. A line whose id is already stored \
            with the same content appends nothing (and is acked with its original positions).
            """)
    static let databaseAction = "write to"

    @OptionGroup var global: GlobalOptions

    @Argument(help: ArgumentHelp("The input file, or - for stdin.", valueName: "file"))
    var input = "-"

    @Flag(help: "Commit each line on its own and print one JSON ack per event, flushed.")
    var each = false

    @Flag(help: "Print the summary as JSON (without --each).")
    var json = false

    func run() async throws {
        let database = try global.open()
        let decoder = IngestDecoder(limits: database.options.limits)
        var reader = IngestLineReader(fileDescriptor: try IngestInput.open(input), maxLineBytes: decoder.maxLineBytes)
        if each {
            let failures = try await IngestEachRun(database: database, decoder: decoder).run(&reader)
            if failures > 0 { throw ExitCode(ExitStatus.failure) }
        } else {
            let summary = try await IngestBatchRun(database: database, decoder: decoder).run(&reader)
            Terminal.writeLine(json ? try JSONOutput.line(summary) : summary.sentence)
        }
    }
}

/// Opens the input of `sheetlog ingest`: stdin for `-`, else a file.
enum IngestInput {
    static func open(_ input: String) throws(SheetLogError) -> Int32 {
        if input == "-" { return STDIN_FILENO }
        let descriptor = Foundation.open(input, O_RDONLY)
        if descriptor < 0 {
            let reason = errno
            throw SheetLogError(
                reason == ENOENT ? .notFound : .storage,
                "cannot open the input file \(input): \(FileSystemReason.text(for: reason))", context: .init(operation: "ingest"))
        }
        // open(2) opens a directory for reading too; only the first read would fail (EISDIR).
        var info = stat()
        if fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR {
            close(descriptor)
            throw SheetLogError(.invalidInput, "the input file \(input) is a directory", context: .init(operation: "ingest"))
        }
        return descriptor
    }
}
