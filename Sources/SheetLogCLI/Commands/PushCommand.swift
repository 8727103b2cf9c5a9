import ArgumentParser
import Foundation
import SheetLog

/// `sheetlog push --to URL --device ID --token-file F [--follow] [--batch N]`: sends the file's
/// log to a collector (`sheetlog-server serve --postgres`), resumably.
struct PushCommand: AsyncParsableCommand, GlobalOptionsCommand {
    static let configuration = CommandConfiguration(
        commandName: "push",
        abstract: "Send the log to a collector (sheetlog-server serve --postgres), after what it already acknowledged.",
        discussion: """
            Events go in batches, in position order, each one transaction on the collector. The file keeps \
            a cursor per collector and device, moved only after the collector answers that it stores the \
            batch with this file's chain: a push stopped at any moment resumes there, sending at most one \
            batch again (which the collector stores once). Network errors, 429, 502, 503 and 504 are retried \
            with exponential backoff and jitter (1 s doubling to 60 s, Retry-After honoured); any other \
            refusal stops with one line and exit 1. With --follow, new events are pushed as they are \
            recorded, until Ctrl-C. With --share-keys (a sealed database, its --key-file given), each \
            subject's key is also sent once every event is, wrapped for the collector's public key, so \
            that a reader who reveals a session in the fleet viewer sees its values; keys of subjects \
            erased on the collector are refused there.
            """)
    static let databaseAction = "push"

    @OptionGroup var global: GlobalOptions

    @Option(help: ArgumentHelp("The collector's address, http(s)://host[:port][/path].", valueName: "url"))
    var to: String

    @Option(help: ArgumentHelp("The id this file's log is pushed as (the collector's device token must be this device's).", valueName: "id"))
    var device: String

    @Option(help: ArgumentHelp("A file holding the device token (sheetlog-server device add ID); never pass a token as an argument.", valueName: "path"))
    var tokenFile: String

    @Flag(help: "Keep pushing new events as they are recorded, until interrupted.")
    var follow = false

    @Option(help: ArgumentHelp("Events a batch holds at most (within the collector's limit, 1000 by default).", valueName: "n"))
    var batch = PushLimits.default.maxEvents

    @Flag(help: "Share each subject's key with the collector, wrapped for its public key (a sealed database only).")
    var shareKeys = false

    @Option(help: ArgumentHelp(
        "The collector's public key (64 hex digits, as sheetlog-server collector-key prints it) to wrap the keys for, instead of asking the collector.",
        valueName: "hex"))
    var collectorKey: String?

    func validate() throws {
        if !(1...100_000).contains(batch) { throw ValidationError("--batch must be from 1 to 100000") }
        if device.isEmpty { throw ValidationError("--device must not be empty") }
        if let collectorKey {
            if !shareKeys { throw ValidationError("--collector-key is the key --share-keys wraps for: give --share-keys too") }
            if CollectorPublicKey(hex: collectorKey) == nil { throw ValidationError("--collector-key must be 64 hex digits (a collector's public key)") }
        }
    }

    func run() async throws {
        let token = try Self.readToken(tokenFile)
        let database = try global.openExisting()
        defer { try? database.close() }
        var limits = PushLimits.default
        limits.maxEvents = batch
        let pusher = try database.pusher(
            to: to, device: device, token: token, limits: limits, shareKeys: shareKeys, collectorKey: collectorKey.flatMap(CollectorPublicKey.init(hex:)))
        let collector = pusher.transport.collector
        let verbose = global.verbose
        let summary = try await pusher.run(follow: follow) { state in
            switch state {
            case let .backingOff(until, failures, reason):
                let wait = max(0, until.timeIntervalSinceNow)
                Terminal.writeFailure("sheetlog: push: \(reason); retry \(failures) in \(String(format: "%.1f", wait)) s")
            case let .idle(through) where verbose:
                Terminal.writeError("sheetlog: push: acknowledged through position \(through); waiting for new events")
            case let .sending(after, events) where verbose:
                Terminal.writeError("sheetlog: push: sending \(events) events after position \(after)")
            case .idle, .sending, .finished, .stopped, .cancelled:
                break
            }
        }
        if summary.batches == 0 {
            // No request was made: say what this file's cursor knows, not what the collector holds now.
            Terminal.writeLine(
                "nothing new to push to \(collector) as \(device): this file's cursor says the collector acknowledged through position \(summary.acknowledgedThrough) (nothing was sent)")
        } else {
            Terminal.writeLine(
                "pushed \(summary.eventsSent) \(summary.eventsSent == 1 ? "event" : "events") in \(summary.batches) \(summary.batches == 1 ? "batch" : "batches") to \(collector) as \(device): the collector stores through position \(summary.acknowledgedThrough)")
        }
        if shareKeys {
            Terminal.writeLine("shared \(summary.keysShared) \(summary.keysShared == 1 ? "subject's key" : "subjects' keys") with \(collector)")
            for subject in summary.erasedOnCollector {
                Terminal.writeError("sheetlog: push: subject \(subject) is erased on the collector: its key was not shared")
            }
        }
    }

    /// The token in `path`: its first line, trimmed; refused when empty or not a token's size.
    static func readToken(_ path: String) throws -> String {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw SheetLogError(.invalidInput, "cannot read the token file \(path)", context: .init(operation: "push"))
        }
        guard data.count <= 4_096,
              let token = String(data: data, encoding: .utf8)?.split(whereSeparator: \.isNewline).first?.trimmingCharacters(in: .whitespaces),
              !token.isEmpty, token.utf8.count <= 256, !token.contains(" ")
        else {
            throw SheetLogError(.invalidInput, "the token file \(path) does not hold a token on its first line", context: .init(operation: "push"))
        }
        return token
    }
}
