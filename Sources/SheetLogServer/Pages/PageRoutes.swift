import Hummingbird
import SheetLog
import SheetLogReports

/// The HTML pages: sessions (and the fleet's devices, with its search), timeline, audit, drafts, erasures, and the two assets.
struct PageRoutes<Context: RequestContext>: Sendable {
    let reader: any SheetLogReader
    /// The fleet's reveals: values masked until one; nil for one file served without tokens.
    let reveals: RevealAccess?

    /// `reveal`, a parameter of the fleet's session reads only.
    private var revealParameter: Set<String> { reveals == nil ? [] : ["reveal"] }

    /// Registers the routes; those that build large answers (timelines, audit)
    /// on `heavy`, the group behind the ``HeavyWorkGate``.
    func register(on router: Router<Context>, heavy: RouterGroup<Context>) {
        router.get("/") { request, _ in
            let devices = try await reader.devices()
            guard devices.count == 1, let device = devices.first else {
                // Many devices: the list, and the sessions of every device the search finds (`sheetlog-server sessions`).
                let filter = try SessionFilter(try QueryParameters(request.uri.query, allowed: SessionFilter.fleetParameterNames))
                let found = filter.isSearch ? filter.firstPage(of: try await reader.sessions(matching: filter.sessionQuery)) : nil
                return Responses.html(DevicesPage.render(devices: devices, accessLog: reveals != nil, filter: filter, found: found))
            }
            return try await sessionsPage(device: device, parameters: try QueryParameters(request.uri.query, allowed: SessionFilter.parameterNames))
        }
        router.get("/devices/:device/sessions") { request, context in
            let parameters = try QueryParameters(request.uri.query, allowed: SessionFilter.parameterNames)
            return try await sessionsPage(device: try context.parameters.decoded("device"), parameters: parameters)
        }
        heavy.get("/devices/:device/sessions/:session") { request, context in
            let parameters = try QueryParameters(request.uri.query, allowed: revealParameter.union(["v", "at"]))
            return try await timeline(
                device: try context.parameters.decoded("device"), session: try context.parameters.decoded("session"), parameters: parameters, request: request)
        }
        // The same with the session in the query, for ids a browser cannot keep in a path (`.`, `..`).
        heavy.get("/devices/:device/timeline") { request, context in
            let parameters = try QueryParameters(request.uri.query, allowed: revealParameter.union(["session", "v", "at"]))
            return try await timeline(
                device: try context.parameters.decoded("device"), session: try Self.session(in: parameters), parameters: parameters, request: request)
        }
        heavy.get("/devices/:device/audit") { request, context in
            let parameters = try QueryParameters(request.uri.query, allowed: AuditFilter.parameterNames.union(["limit", "after"]))
            let device = try context.parameters.decoded("device")
            let filter = try AuditFilter(parameters)
            let limit = Int(try parameters.integer("limit", in: 1...Int64(AuditPage.maxLimit)) ?? Int64(AuditPage.defaultLimit))
            let after = try parameters.integer("after", in: 0...Int64.max)
            let matching = try await reader.audit(device: device, query: filter.query)
            let rest = matching.drop { $0.position <= (after ?? 0) }
            let page = Array(rest.prefix(limit))
            var versions: [Int64: Int64] = [:]
            for record in page { versions[record.position] = try await reader.version(device: device, position: record.position) }
            let next = rest.count > limit ? page.last?.position : nil
            return Responses.html(AuditPage.render(
                device: device, filter: filter, records: page, versions: versions, limit: limit, after: after, next: next,
                base: try await reader.logBase(device: device)))
        }
        router.get("/devices/:device/drafts") { request, context in
            _ = try QueryParameters(request.uri.query, allowed: [])
            let device = try context.parameters.decoded("device")
            // A page of many sessions' drafts: masked in the fleet, for a reveal shows one session.
            let mask: ValueMask = reveals == nil ? .shown : .masked
            let drafts = try await reader.drafts(device: device).map(mask.apply)
            var versions: [DraftReference: Int64] = [:]
            for session in Set(drafts.map(\.session)).sorted() {
                let steps = try await reader.replay(device: device, session: session, through: nil)
                for draft in drafts where draft.session == session {
                    versions[DraftReference(session: session, presentation: draft.presentation)] = LastEdit.version(of: draft.presentation, in: steps)
                }
            }
            return Responses.html(DraftsPage.render(device: device, drafts: drafts, versions: versions, mask: mask))
        }
        router.get("/devices/:device/erasures") { request, context in
            _ = try QueryParameters(request.uri.query, allowed: [])
            let device = try context.parameters.decoded("device")
            return Responses.html(ErasuresPage.render(device: device, records: try await reader.erasures(device: device)))
        }
        router.get(RouterPath(ViewerPaths.script)) { _, _ in Responses.asset(ViewerScript.source, contentType: "text/javascript; charset=utf-8") }
        router.get(RouterPath(ViewerPaths.style)) { _, _ in Responses.asset(ViewerStyle.source, contentType: "text/css; charset=utf-8") }
    }

    private func sessionsPage(device: String, parameters: QueryParameters) async throws -> Response {
        let filter = try SessionFilter(parameters)
        let sessions = try await reader.sessions(device: device)
        let stats = try await reader.stats(device: device)
        let base = try await reader.logBase(device: device)
        return Responses.html(try SessionsPage.render(device: device, all: sessions, filter: filter, stats: stats, base: base))
    }

    private static func pastTheEnd(session: String, version: Int64, versions: Int) -> SheetLogError {
        SheetLogError(
            .notFound, "session \(session) has \(versions) \(versions == 1 ? "version" : "versions"); version \(version) is past its end",
            context: .init(stream: session, actualVersion: Int64(versions), operation: "timeline"))
    }

    private func timeline(device: String, session: String, parameters: QueryParameters, request: Request) async throws -> Response {
        var requested = try parameters.integer("v", in: 1...Int64.max)
        let display = try await ValueDisplay.of(parameters, access: reveals, device: device, session: session, request: request)
        // `at=` opens the moment a support ticket names: a time (or a version), as `replay --at` reads it.
        if let point = try parameters.point("at") {
            guard requested == nil else { throw QueryParameters.refusal("parameters v and at cannot be used together", parameter: "at") }
            requested = try await reader.version(device: device, session: session, at: point)
        }
        // The event list needs no state; the panel needs one: no state of every step is built.
        let events = try await reader.events(device: device, session: session)
        // A session a prune carried: its kept events begin after the carried version.
        let base = try await reader.carriedBase(device: device, session: session)
        let last = events.last?.event.version ?? base?.version ?? 0
        if events.isEmpty, let base {
            guard requested == nil || requested == base.version else {
                throw Self.pastTheEnd(session: session, version: requested!, versions: Int(base.version))
            }
            return Responses.html(try TimelinePage.render(device: device, session: session, base: base, display: display))
        }
        let version = requested ?? last
        // A version at or before the carried one is refused by the moment, naming the pruning.
        guard version <= last else { throw Self.pastTheEnd(session: session, version: version, versions: Int(last)) }
        let moment = try await display.moment(from: reader, device: device, session: session, at: .version(version))
        return Responses.html(try TimelinePage.render(device: device, session: session, events: events, moment: moment, base: base, display: display))
    }

    /// The `session` query parameter of the query-form routes, required.
    static func session(in parameters: QueryParameters) throws(SheetLogError) -> String {
        guard let session = parameters.text("session"), !session.isEmpty else {
            throw QueryParameters.refusal("parameter session (the session id) is required", parameter: "session")
        }
        try Parameters.requirePrintableID(session, "session")
        return session
    }
}
