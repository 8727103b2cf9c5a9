import ArgumentParser
import Foundation
import SheetLogProjections
import SheetLogReliability
import SheetLogSQLite

/// The writer the SIGKILL and disk-full tiers kill or starve: appends a seeded workload with the
/// production store and prints one ack line per append, flushed, only after its COMMIT returned.
///
/// ```sh
/// sheetlog-crash-appender --path /tmp/crash.sqlite --seed 42 --appends 300
/// ```
@main
struct CrashAppender: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sheetlog-crash-appender",
        abstract: "Append a seeded sheet workload, printing an ack line after each commit.")

    @Option(help: "The database file.")
    var path: String

    @Option(help: "Seed of the workload; the checker regenerates it from the same seed.")
    var seed: UInt64

    @Option(help: "How many appends the workload holds.")
    var appends: Int

    @Option(help: "Sessions the workload spreads over.")
    var sessions: Int = 3

    @Option(help: "full or normal (PRAGMA synchronous FULL or NORMAL).")
    var durability: String = "full"

    @Option(help: "Disk-full mode: append until the disk is full, delete this file to free space, reopen and go on.")
    var ballast: String?

    @Option(help: "Disk-full mode: appends to make once space has returned.")
    var appendsAfterFull: Int = 10

    func run() async throws {
        let workload = Workload(seed: seed, appendCount: appends, sessionCount: sessions)
        let storeConfiguration = SQLiteEventStore.Configuration(
            durability: durability == "normal" ? .normal : .full).keepingSheets()
        if let ballast {
            try await fillDisk(workload, configuration: storeConfiguration, ballast: ballast)
            return
        }
        let store = try SQLiteEventStore(path: path, configuration: storeConfiguration)
        emit("open")
        for append in workload.appends {
            let result = try await store.append(append.batches)
            emit(AckLine(index: append.index, stored: result.events).text)
        }
        emit("done")
    }

    /// Writes the line and flushes it at once: a line still in a buffer when SIGKILL lands is not an ack.
    func emit(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))  // unbuffered: one write(2) per line
    }
}
