import ArgumentParser
import Foundation
import SheetLog
import SheetLogPostgres
import SheetLogSQLite
import SheetLogCore

/// `sheetlog-server import --postgres URL --device ID FILE.sqlite [--json]`, or
/// `sheetlog-server import --postgres URL --device-per-file FILE.sqlite... [--json]`
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
            is stored. A pruned file (sheetlog prune) of a device new to the fleet starts it at the file's \
            base (its cut, chain value, carried sessions and erasures, recorded in device_bases); a device \
            the fleet holds continues only where the fleet holds it through the cut, and is refused \
            otherwise, naming the positions the fleet would lack. With --device-per-file, each file is the log of the device its name says (ipad-7.sqlite: \
            ipad-7), imported --jobs at a time, each job on one connection, a line each in file order; a refused \
            file does not stop the others. Exit codes: 0 imported (or nothing new), 1 a refused file or a failed connection, 2 usage.
            """)

    @Option(help: ArgumentHelp(
        "The fleet database: postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE (default $SHEETLOG_POSTGRES).", valueName: "url"))
    var postgres: String?

    @Option(help: ArgumentHelp("The device (app install) the file comes from.", valueName: "id"))
    var device: String?

    @Flag(help: "Import each file as the device its name says, without its extension (ipad-7.sqlite: ipad-7).")
    var devicePerFile = false

    @Option(help: ArgumentHelp("With --device-per-file, how many files are imported at once.", valueName: "count"))
    var jobs = 2

    @Flag(help: "Print the summary as one JSON object.")
    var json = false

    @Option(help: ArgumentHelp("Events per transaction.", valueName: "count"))
    var batchSize = PostgresEventStore.importBatchSize

    @Argument(help: ArgumentHelp("The device's SheetLog file (with --device-per-file, any number of files).", valueName: "file.sqlite"))
    var files: [String]

    func validate() throws {
        if postgresURL == nil { throw ValidationError("--postgres is required when $SHEETLOG_POSTGRES is not set") }
        if batchSize < 1 { throw ValidationError("--batch-size must be at least 1") }
        if !(1...64).contains(jobs) { throw ValidationError("--jobs must be 1 to 64") }
        switch (device, devicePerFile) {
        case (.some, true): throw ValidationError("--device and --device-per-file cannot be used together")
        case (nil, false): throw ValidationError("--device is required (or --device-per-file)")
        case let (.some(device), false):
            if device.isEmpty { throw ValidationError("--device must not be empty") }
            if files.count != 1 { throw ValidationError("--device takes exactly one file (\(files.count) given); use --device-per-file for several") }
        case (nil, true):
            if files.isEmpty { throw ValidationError("--device-per-file needs at least one file") }
            var seen: [String: String] = [:]
            for file in files {
                let name = Self.deviceName(of: file)
                if name.isEmpty { throw ValidationError("\(file) names no device") }
                if let other = seen.updateValue(file, forKey: name) {
                    throw ValidationError("\(other) and \(file) are both device \(name)")
                }
            }
        }
    }

    /// The device a file's name says: its last path component without its extension.
    static func deviceName(of file: String) -> String {
        URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent
    }

    var postgresURL: String? {
        if let postgres { return postgres }
        if let fromEnvironment = CommandIO.current.setting("SHEETLOG_POSTGRES") { return fromEnvironment }
        return nil
    }

    func run() async throws {
        guard let device else { return try await importEachFile() }
        let source = try SQLiteEventStore(readingFileAt: files[0])
        defer { try? source.close() }
        let store = try await PostgresEventStore.open(url: postgresURL ?? "", device: device)
        defer { store.close() }
        let base = try await source.baseImage()
        try await Self.requireConsistentBase(of: files[0], for: store, base: base)
        let report = try await store.importLog(from: source, base: base, batchSize: batchSize)
        CommandIO.output(try summary(report) + "\n")
    }

    /// `--device-per-file`: the files on one pool and one migration check, `jobs` at a time (one
    /// device's reading and checking overlaps another's transaction), their lines in file order. A
    /// file that cannot be opened or is refused is reported (`sheetlog-server: FILE: why`) and the
    /// others go on; a connection that fails ends the run.
    private func importEachFile() async throws {
        let first = try await PostgresEventStore.open(url: postgresURL ?? "", device: Self.deviceName(of: files[0]))
        defer { first.close() }
        let (files, batchSize) = (files, batchSize)
        // A connection per job, reused from file to file (see PostgresImportConnection).
        var idle: [PostgresImportConnection] = []
        for _ in 0..<min(jobs, files.count) { idle.append(try await PostgresImportConnection.connect(to: first.location)) }
        let connections = idle
        var refused = 0
        do {
            try await importEach(files, batchSize: batchSize, on: &idle, refused: &refused, first)
        } catch {
            for connection in connections { await connection.close() }
            throw error
        }
        for connection in connections { await connection.close() }
        if refused > 0 { throw ExitCode(1) }
    }

    private func importEach(
        _ files: [String], batchSize: Int, on idle: inout [PostgresImportConnection], refused: inout Int, _ first: PostgresEventStore
    ) async throws {
        try await withThrowingTaskGroup(of: (Int, PostgresImportConnection, Result<PostgresImportReport, SheetLogError>).self) { group in
            var next = 0
            func start() {
                guard next < files.count, let connection = idle.popLast() else { return }
                let index = next
                next += 1
                group.addTask {
                    do {
                        let source = try SQLiteEventStore(readingFileAt: files[index])
                        defer { try? source.close() }
                        let store = try first.store(ofDevice: Self.deviceName(of: files[index]))
                        let base = try await source.baseImage()
                        try await Self.requireConsistentBase(of: files[index], for: store, base: base)
                        return (index, connection, .success(try await store.importLog(from: source, base: base, batchSize: batchSize, on: connection)))
                    } catch let error as SheetLogError where error.code != .connectionFailed {
                        return (index, connection, .failure(error))
                    }
                }
            }
            while next < files.count, !idle.isEmpty { start() }
            var finished: [Int: Result<PostgresImportReport, SheetLogError>] = [:]
            var printed = 0
            while let (index, connection, result) = try await group.next() {
                finished[index] = result
                idle.append(connection)
                start()
                while let result = finished.removeValue(forKey: printed) {
                    switch result {
                    case let .success(report):
                        CommandIO.output(try summary(report) + "\n")
                    case let .failure(error):
                        refused += 1
                        let line = error.description.split(whereSeparator: \.isNewline).joined(separator: " ")
                        CommandIO.error("sheetlog-server: \(files[printed]): \(line)\n")
                    }
                    printed += 1
                }
            }
        }
    }

    private func summary(_ report: PostgresImportReport) throws -> String {
        let line: String
        if json {
            let object: [String: Any] = [
                "device": report.device, "imported": report.imported, "storedThrough": report.storedThrough,
                "chainHead": report.chainHeadHex, "fileThrough": report.sourceThrough,
                "startedAtBase": report.startedAtBase.map { ["cutPosition": $0.cutPosition, "removedEvents": $0.removedEvents] as [String: Any] } ?? NSNull(),
            ]
            line = String(decoding: try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes]), as: UTF8.self)
        } else {
            let events = report.imported == 1 ? "event" : "events"
            line = "imported \(report.imported) \(events) of device \(report.device): stored through position \(report.storedThrough), chain head \(report.chainHeadHex)"
                + (report.startedAtBase.map { base in
                    let date = Date(timeIntervalSince1970: Double(base.prunedAt) / 1_000).formatted(.iso8601)
                    return "; new to the fleet, it starts at its base: pruned through position \(base.cutPosition) on \(date) (\(base.removedEvents) events removed)"
                } ?? "")
        }
        return line
    }
}
