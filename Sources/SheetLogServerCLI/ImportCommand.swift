import ArgumentParser
import Foundation
import SheetLog
import SheetLogPostgres
import SheetLogSQLite

/// `sheetlog-server import --postgres URL --device ID FILE.sqlite [--json]`
struct ImportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Copy a device's SheetLog file into the fleet store (PostgreSQL).",
        discussion: """
            The file is opened for reading only (an app may still be writing it). Its events after the \
            device's last stored position are stored as they are, in batches, once the file's integrity \
            chain is recomputed and found to continue what is stored: a rerun stores nothing new, a rerun \
            after a failure or on a grown file stores the rest. A file whose history differs from the \
            stored one (a fork, an edited row) is refused with the first differing position, and nothing \
            is stored. Exit codes: 0 imported (or nothing new), 1 refused file or failed connection, 2 usage.
            """)

    @Option(help: ArgumentHelp(
        "The fleet database: postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE (default $SHEETLOG_POSTGRES).", valueName: "url"))
    var postgres: String?

    @Option(help: ArgumentHelp("The device (app install) the file comes from.", valueName: "id"))
    var device: String

    @Flag(help: "Print the summary as one JSON object.")
    var json = false

    @Option(help: ArgumentHelp("Events per transaction.", valueName: "count"))
    var batchSize = PostgresEventStore.importBatchSize

    @Argument(help: ArgumentHelp("The device's SheetLog file.", valueName: "file.sqlite"))
    var file: String

    func validate() throws {
        if postgresURL == nil { throw ValidationError("--postgres is required when $SHEETLOG_POSTGRES is not set") }
        if device.isEmpty { throw ValidationError("--device must not be empty") }
        if batchSize < 1 { throw ValidationError("--batch-size must be at least 1") }
    }

    var postgresURL: String? {
        if let postgres { return postgres }
        if let fromEnvironment = ProcessInfo.processInfo.environment["SHEETLOG_POSTGRES"], !fromEnvironment.isEmpty { return fromEnvironment }
        return nil
    }

    func run() async throws {
        let source = try SQLiteEventStore(readingFileAt: file)
        defer { try? source.close() }
        let store = try await PostgresEventStore.open(url: postgresURL ?? "", device: device)
        defer { store.close() }
        let report = try await store.importLog(from: source, batchSize: batchSize)
        let line: String
        if json {
            let object: [String: Any] = [
                "device": report.device, "imported": report.imported, "storedThrough": report.storedThrough,
                "chainHead": report.chainHeadHex, "fileThrough": report.sourceThrough,
            ]
            line = String(decoding: try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes]), as: UTF8.self)
        } else {
            let events = report.imported == 1 ? "event" : "events"
            line = "imported \(report.imported) \(events) of device \(report.device): stored through position \(report.storedThrough), chain head \(report.chainHeadHex)"
        }
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }
}
