import Foundation
import SheetLogCore
import SheetLogPostgres
import SheetLogTestSupport
import SheetLogViewerTestSupport

/// `sheetlog-server serve --postgres URL --verbose` as a real process on loopback, with device tokens
/// made in its fleet store; it can be killed (-9) and started again on the same port.
final class CollectorProcess: @unchecked Sendable {
    let fleet: FleetDatabase
    let extra: [String]
    private(set) var server: ServerProcess
    /// The port the first start took; restarts listen on it again.
    let port: Int
    private var logs: [String] = []

    static let executable = ProductBinary.url("sheetlog-server")

    init(fleet: FleetDatabase, extra: [String] = []) async throws {
        self.fleet = fleet
        self.extra = extra
        server = try await Self.start(fleet.url, port: 0, extra: extra)
        port = server.url.port ?? 0
    }

    private static func start(_ url: String, port: Int, extra: [String]) async throws -> ServerProcess {
        let arguments = ["serve", "--postgres", url, "--port", String(port), "--verbose"] + extra
        // ServerProcess waits for the URL line by polling: on a thread of its own, not the pool's.
        return try await offThePool { try ServerProcess.start(executable: executable, arguments: arguments) }
    }

    var url: String { "http://127.0.0.1:\(port)" }

    /// A new device token for `device`, stored hashed in the fleet store.
    func token(for device: String) async throws -> String {
        let tokens = try await PostgresTokenStore.open(url: fleet.url)
        defer { tokens.close() }
        return try await tokens.add(.device(device))
    }

    /// Kills the collector as a crash would (SIGKILL), keeping what it printed.
    func kill() throws {
        let exit = try server.stop(signal: SIGKILL)
        logs.append(exit.stderr)
    }

    /// Starts the collector again on the same port.
    func restart() async throws {
        server = try await Self.start(fleet.url, port: port, extra: extra)
    }

    /// Stops the collector (SIGTERM) and returns every log line it wrote across its runs.
    func stop() throws -> String {
        let exit = try server.stop(signal: SIGTERM)
        logs.append(exit.stderr)
        return logs.joined(separator: "\n")
    }

    /// The events each `push … 200` line of `log` says were in its batch, summed.
    static func eventsAcknowledged(in log: String) -> Int {
        log.split(separator: "\n").reduce(0) { total, line in
            guard let range = line.range(of: "] push ") else { return total }
            let words = line[range.upperBound...].split(separator: " ")
            // push DEVICE N events B bytes STATUS MS ms
            guard words.count >= 7, words[5] == "200", let events = Int(words[1]) else { return total }
            return total + events
        }
    }
}
