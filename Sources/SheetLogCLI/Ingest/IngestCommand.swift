import ArgumentParser
import Foundation
import SheetLog
import SheetLogIngest
import SheetLogReports
import SheetLogCore

/// `sheetlog ingest [FILE|-] [--each] [--json]`: JSON Lines, one command per line.
struct IngestCommand: AsyncParsableCommand, GlobalOptionsCommand {
    static let configuration = CommandConfiguration(
        commandName: "ingest",
        abstract: "Record commands from JSON Lines, one command per line.",
        discussion: """
            By default the whole input is one transaction: one bad line rejects all of it and the database \
            is unchanged. With --each every line is all or nothing on its own and is answered on stdout, only \
            after the commit that stored it (lines already waiting in the input share one commit), by one JSON \
            line carrying "line":N, in input order: {"ack":"<event id>","line":N,"position":P,"session":"s1","version":V} \
            when it appended events, {"unchanged":true,"alreadyStored":false,...} when it appended none, \
            {"code":"...","error":"...","line":N} when it was rejected (also reported on stderr; exit 1 at the end), \
            {"blank":true,"line":N} for a blank line, {"ack":"<event id>","erased":"S","line":N,...} for an eraseSubject line \
            (an erased subject's export carries one; it needs a sealed database, and a default ingest commits the lines \
            before each erasure, the erasure and the lines after it in turn). The export of a pruned log begins \
            with its base (base, baseErasure and baseSession lines): a default ingest installs it first, into a \
            database that has recorded nothing; --each refuses base lines. A storage failure that leaves the database handle \
            unusable (full disk, I/O error, unknown COMMIT outcome) stops the run at that line, whose answer \
            says "stopped":true and whether it is stored. A line whose id is already stored with the same \
            content appends nothing (and is acked with its original positions and "alreadyStored":true). \
            A UTF-8 byte-order mark at the start of the input is skipped.
            """)
    static let databaseAction = "write to"

    @OptionGroup var global: GlobalOptions

    @Argument(help: ArgumentHelp("The input file, or - for stdin.", valueName: "file"))
    var input = "-"

    @Flag(help: "Keep or refuse each line on its own and answer each line with one JSON line, flushed after its commit.")
    var each = false

    @Flag(help: "Print the summary as JSON (without --each).")
    var json = false

    func run() async throws {
        // The input first: a missing or unreadable one must not leave a new database behind.
        let decoder = IngestDecoder(limits: global.options.limits)
        let descriptor = try IngestInput.open(input)
        // A file is closed when the run ends, not at the process's exit: tests run many in one process.
        defer { if input != "-" { close(descriptor) } }
        var reader = IngestLineReader(fileDescriptor: descriptor, maxLineBytes: decoder.maxLineBytes)
        if each {
            let failures = try await IngestEachRun(global: global, decoder: decoder).run(&reader)
            if failures > 0 { throw ExitCode(ExitStatus.failure) }
        } else {
            let summary = try await batch(&reader, decoder: decoder)
            Terminal.writeLine(json ? try JSONOutput.line(summary) : summary.sentence)
        }
    }

    /// Decodes every line, then records them in one transaction. Into a file that does not exist
    /// yet, they are recorded into a ``StagedDatabase`` put in place only when it holds events, so
    /// that a rejected or empty input leaves no file behind.
    private func batch(_ reader: inout IngestLineReader, decoder: IngestDecoder) async throws -> IngestSummary {
        let run = IngestBatchRun(decoder: decoder)
        let lines = try run.decode(&reader)
        if try SheetLogDatabase.fileNeedsCreating(at: global.databasePath) {
            let staged = try StagedDatabase(target: global.databasePath, options: global.options)
            let summary: IngestSummary
            do {
                summary = try await run.record(lines, into: staged.database, partsStay: false)
            } catch {
                staged.discard()
                throw staged.namingTarget(error)
            }
            if summary.events == 0 && summary.base == nil {
                staged.discard()
                return summary
            }
            do {
                if try staged.publish() { return summary }
            } catch {
                staged.discard()
                throw error
            }
            // Another process created the file meanwhile: the lines go into it, decided against it.
        }
        return try await run.record(lines, into: global.open())
    }
}

/// Opens the input of `sheetlog ingest`: stdin for `-`, else a file.
enum IngestInput {
    static func open(_ input: String) throws(SheetLogError) -> Int32 {
        if input == "-" { return Terminal.io.standardInput }
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
