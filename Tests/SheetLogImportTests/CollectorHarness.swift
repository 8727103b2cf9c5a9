import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import SheetLog
import SheetLogCollector
import SheetLogCore
import SheetLogFleet
import SheetLogPostgres
import SheetLogPush
import SheetLogServer
import SheetLogSQLite
import Testing

/// The collector as `serve --postgres` builds it, on a fresh fleet database: its real tokens (one
/// device, another device, a reader) and its router, run through the router alone or a live server.
struct CollectorHarness: Sendable {
    let fleet: FleetDatabase
    let reader: PostgresFleetReader
    let collector: FleetCollector
    let device: String
    let deviceToken: String
    let otherToken: String
    let readerToken: String
    let logs: LogCapture

    /// `clock` tells the collector's sign-in sessions when they end.
    static func make(device: String = "phone", on cluster: FleetDatabase? = nil, clock: any SheetLogClock = WallClock()) async throws -> CollectorHarness {
        let fleet: FleetDatabase = if let cluster { cluster } else { try await FleetDatabase.fresh() }
        let reader = try await PostgresFleetReader.open(url: fleet.url)
        let collector = FleetCollector(fleet: reader, clock: clock)
        return CollectorHarness(
            fleet: fleet, reader: reader, collector: collector, device: device,
            deviceToken: try await collector.tokens.add(.device(device)), otherToken: try await collector.tokens.add(.device("\(device)-other")),
            readerToken: try await collector.tokens.add(.reader("support")), logs: LogCapture())
    }

    /// Runs `body` against the viewer and collector of the fleet, with `options`.
    func run<Value: Sendable>(
        _ transport: Transport, options: CollectorOptions = .init(), clock: any SheetLogClock = SystemClock(),
        _ body: @Sendable (any TestClientProtocol) async throws -> Value
    ) async throws -> Value {
        let fleetReader = reader
        let viewerReader = FleetReader(
            devices: { try await fleetReader.devices().map(\.device) },
            open: { device in try await fleetReader.hasDevice(device) ? try SheetLogDatabase.openFleet(on: fleetReader, device: device) : nil })
        let logger = logs.logger()
        let app = Application(router: ViewerServer.router(reader: viewerReader, access: .fleet(collector, options), logger: logger, clock: clock))
        return try await app.test(transport.setup, body)
    }

    func close() { reader.close() }
}

/// What a push answered, read whole.
struct PushAnswer: Sendable {
    var status: HTTPResponse.Status
    var headers: HTTPFields
    var body: String

    var object: [String: Any] { (try? JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any]) ?? [:] }
    var error: [String: Any] { object["error"] as? [String: Any] ?? [:] }
    var code: String? { error["code"] as? String }
    var message: String { error["message"] as? String ?? "" }
}

extension TestClientProtocol {
    /// POSTs `body` to the device's events with `token` as Bearer (none when nil).
    func push(_ device: String, _ body: [UInt8], token: String?, headers extra: HTTPFields = [:]) async throws -> PushAnswer {
        var headers = extra
        if let token { headers[.authorization] = "Bearer \(token)" }
        headers[.contentType] = "application/x-ndjson"
        let path = "/v1/devices/\(device.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? device)/events"
        return try await execute(uri: path, method: .post, headers: headers, body: ByteBuffer(bytes: body)) { response in
            PushAnswer(status: response.status, headers: response.headers, body: String(buffer: response.body))
        }
    }

    func fetch(_ uri: String, method: HTTPRequest.Method = .get, headers: HTTPFields = [:], body: String? = nil) async throws -> PushAnswer {
        try await execute(uri: uri, method: method, headers: headers, body: body.map { ByteBuffer(string: $0) }) { response in
            PushAnswer(status: response.status, headers: response.headers, body: String(buffer: response.body))
        }
    }
}

/// The two ways the route tests run the same bodies: the router alone, and a real server on a port.
enum Transport: String, CaseIterable, CustomTestStringConvertible, Sendable {
    case router
    case live

    var setup: TestingSetup {
        switch self {
        case .router: .router
        case .live: .live
        }
    }

    var testDescription: String { rawValue }
}

/// Every line a logger wrote, with its metadata, to check what the collector logs (and never logs).
final class LogCapture: Sendable {
    private let lines = LockedBox<[String]>([])

    var text: String { lines.withLock { $0.joined(separator: "\n") } }

    func logger() -> Logger {
        var logger = Logger(label: "sheetlog-server") { _ in Handler(capture: self) }
        logger.logLevel = .trace
        return logger
    }

    struct Handler: LogHandler {
        let capture: LogCapture
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .trace

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) {
            let all = metadata.merging(event.metadata ?? [:]) { $1 }
            capture.lines.withLock { $0.append("\(event.level) \(event.message) \(all)") }
        }
    }
}

/// A device file's stored events, as the pusher reads them.
func storedEvents(of file: DeviceFile) async throws -> [RecordedEvent] {
    let source = try SQLiteEventStore(readingFileAt: file.path)
    defer { try? source.close() }
    return try await source.readAll(after: 0, through: nil, limit: nil, types: nil)
}
