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
            is unchanged. With --each every line commits on its own and is answered on stdout by one JSON \
            line carrying "line":N, in input order: {"ack":"<event id>","line":N,"position":P,"session":"s1","version":V} \
            when it appended events, {"unchanged":true,"alreadyStored":false,...} when it appended none, \
            {"code":"...","error":"...","line":N} when it was rejected (also reported on stderr; exit 1 at the end), \
            {"blank":true,"line":N} for a blank line. A storage failure that leaves the database handle \
            unusable (full disk, I/O error, unknown COMMIT outcome) stops the run at that line, whose answer \
            says "stopped":true and whether it is stored. A line whose id is already stored with the same \
            content appends nothing (and is acked with its original positions and "alreadyStored":true). \
            A UTF-8 byte-order mark at the start of the input is skipped.
            """)

    @OptionGroup var global: GlobalOptions

    @Argument(help: ArgumentHelp("The input file, or - for stdin.", valueName: "file"))
    var input = "-"

    @Flag(help: "Commit each line on its own and answer each line with one JSON line, flushed.")
    var each = false

    @Flag(help: "Print the summary as JSON (without --each).")
    var json = false

    func run() async throws {
        let database = try global.open()
        let decoder = IngestDecoder(limits: database.options.limits)
        var reader = IngestLineReader(fileDescriptor: try IngestInput.open(input), maxLineBytes: decoder.maxLineBytes)
        if each {
            let failures = try await IngestEachRun(database: database, decoder: decoder, path: global.databasePath).run(&reader)
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
            throw SheetLogError(.notFound, "cannot open the input file \(input) (errno \(errno))", context: .init(operation: "ingest"))
        }
        return descriptor
    }
}
