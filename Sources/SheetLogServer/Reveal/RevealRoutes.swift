import Hummingbird
import SheetLog
import SheetLogReports

/// The fleet viewer's reveal and its access log: `POST /devices/{device}/reveal?session=S[&v=N]` (the
/// timeline's button; answers `303` to the revealed timeline at version N), `POST /api/devices/{device}/reveal?session=S`
/// (answers the reveal as JSON, `201`), and `GET /access-log`, `GET /api/access-log` (every reveal,
/// newest first, to every reader).
///
/// A reveal is recorded only for a token that may reveal, and only of a session that exists.
struct RevealRoutes<Context: RequestContext>: Sendable {
    let reader: any SheetLogReader
    let access: RevealAccess

    /// Rows per access-log page.
    static var pageSize: Int { 100 }

    func register(on router: Router<Context>) {
        router.post("/devices/:device/reveal") { request, context in
            let parameters = try QueryParameters(request.uri.query, allowed: ["session", "v"])
            let device = try context.parameters.decoded("device")
            let session = try PageRoutes<Context>.session(in: parameters)
            let version = try parameters.integer("v", in: 1...Int64.max)
            let record = try await reveal(device: device, session: session, request: request)
            let timeline = ViewerPaths.timeline(device: device, session: session, version: version, reveal: record.id)
            return Response(status: .seeOther, headers: [.location: timeline])
        }
        router.post("/api/devices/:device/reveal") { request, context in
            let (device, session) = try Self.target(request, context)
            let record = try await reveal(device: device, session: session, request: request)
            return Responses.json(try JSONOutput.pretty(RevealJSON(record)) + "\n", status: .created)
        }
        router.get(RouterPath(ViewerPaths.accessLog)) { request, _ in
            let (records, next) = try await page(request)
            return Responses.html(AccessLogPage.render(records: records, next: next))
        }
        router.get("/api/access-log") { request, _ in
            let (records, next) = try await page(request)
            return Responses.json(try JSONOutput.pretty(AccessLogJSON(reveals: records.map(RevealJSON.init), next: next)) + "\n")
        }
    }

    private static func target(_ request: Request, _ context: Context) throws -> (device: String, session: String) {
        let parameters = try QueryParameters(request.uri.query, allowed: ["session"])
        return (try context.parameters.decoded("device"), try PageRoutes<Context>.session(in: parameters))
    }

    /// The permission first, then the session (404 for an unknown one, 410 for one a prune removed
    /// whole), then the record.
    private func reveal(device: String, session: String, request: Request) async throws -> RevealRecord {
        let name = try await access.revealer(of: request)
        do {
            _ = try await reader.replay(device: device, session: session, through: 1)
        } catch let error as SheetLogError where error.code == .pruned {
            // A session a prune carried has no version 1 any more, and is there all the same: its
            // base says so (for one removed whole, the base throws).
            guard try await reader.carriedBase(device: device, session: session) != nil else { throw error }
        }
        return try await access.record(reader: name, device: device, session: session)
    }

    private func page(_ request: Request) async throws -> (records: [RevealRecord], next: Int64?) {
        let parameters = try QueryParameters(request.uri.query, allowed: ["before"])
        let before = try parameters.integer("before", in: 1...Int64.max)
        let records = try await access.records(limit: Self.pageSize + 1, before: before)
        let page = Array(records.prefix(Self.pageSize))
        return (page, records.count > Self.pageSize ? page.last?.id : nil)
    }
}

/// A reveal as the API writes it.
struct RevealJSON: Encodable {
    var reveal: Int64
    var reader: String
    var device: String
    var session: String
    var revealedAt: String
    /// When the reveal stops showing values.
    var until: String
    /// The session's replay with its values, while the reveal lasts.
    var replay: String

    init(_ record: RevealRecord) {
        reveal = record.id
        reader = record.reader
        device = record.device
        session = record.session
        revealedAt = TimeText.iso(record.revealedAt) ?? "-"
        until = TimeText.iso(record.revealedAt + RevealAccess.duration) ?? "-"
        replay = ViewerPaths.apiReplay(device: record.device, session: record.session, reveal: record.id)
    }
}

/// `GET /api/access-log`: a page of reveals, and the `before` of the next page (null on the last).
struct AccessLogJSON: Encodable {
    var reveals: [RevealJSON]
    var next: Int64?

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(reveals, forKey: .reveals)
        try container.encode(next, forKey: .next)
    }

    private enum CodingKeys: String, CodingKey { case reveals, next }
}
