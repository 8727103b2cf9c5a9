import Hummingbird
import SheetLog
import SheetLogReports

/// The JSON API under `/api/devices/{device}/…`: the same rows, in the same bytes, as the
/// `sheetlog` CLI's `--json` (and `--csv`) views of the same file.
struct APIRoutes<Context: RequestContext>: Sendable {
    let reader: any SheetLogReader
    /// The fleet's reveals: values masked until one; nil for one file served without tokens.
    let reveals: RevealAccess?

    /// `reveal`, a parameter of the fleet's session reads only.
    private var revealParameter: Set<String> { reveals == nil ? [] : ["reveal"] }

    /// Registers the routes; those that build large answers (replays, states, exports, audit, the fleet's search)
    /// on `heavy`, the group behind the ``HeavyWorkGate``.
    func register(on router: Router<Context>, heavy: RouterGroup<Context>) {
        router.get("/api/devices") { request, _ in
            _ = try QueryParameters(request.uri.query, allowed: [])
            return Responses.json(try JSONOutput.pretty(try await reader.devices()) + "\n")
        }
        router.get("/api/devices/:device/sessions") { request, context in
            let parameters = try QueryParameters(request.uri.query, allowed: SessionFilter.parameterNames)
            let device = try context.parameters.decoded("device")
            let filter = try SessionFilter(parameters)
            let page = try filter.page(of: try await reader.sessions(device: device))
            return Responses.json(try JSONOutput.pretty(SessionsPageJSON(sessions: page.sessions.map(SessionActivityJSON.init), next: page.next)) + "\n")
        }
        // Every device's sessions by one filter, as `sheetlog-server sessions`: the fleet's search.
        heavy.get("/api/sessions") { request, _ in
            let filter = try SessionFilter(try QueryParameters(request.uri.query, allowed: SessionFilter.fleetParameterNames))
            let page = filter.firstPage(of: try await reader.sessions(matching: filter.sessionQuery))
            return Responses.json(try JSONOutput.pretty(FleetSessionsJSON(rows: page.rows, matching: page.matching)) + "\n")
        }
        heavy.get("/api/devices/:device/sessions/:session/replay") { request, context in
            let parameters = try QueryParameters(request.uri.query, allowed: revealParameter.union(["at"]))
            return try await replay(
                device: try context.parameters.decoded("device"), session: try context.parameters.decoded("session"), parameters: parameters, request: request)
        }
        // The same with the session in the query, for ids a browser cannot keep in a path (`.`, `..`).
        heavy.get("/api/devices/:device/replay") { request, context in
            let parameters = try QueryParameters(request.uri.query, allowed: revealParameter.union(["session", "at"]))
            return try await replay(
                device: try context.parameters.decoded("device"), session: try PageRoutes<Context>.session(in: parameters), parameters: parameters,
                request: request)
        }
        heavy.get("/api/devices/:device/sessions/:session/export") { request, context in
            let parameters = try QueryParameters(request.uri.query, allowed: ["redact"])
            return try await export(device: try context.parameters.decoded("device"), session: try context.parameters.decoded("session"), parameters: parameters)
        }
        heavy.get("/api/devices/:device/export") { request, context in
            let parameters = try QueryParameters(request.uri.query, allowed: ["session", "redact"])
            return try await export(device: try context.parameters.decoded("device"), session: try PageRoutes<Context>.session(in: parameters), parameters: parameters)
        }
        heavy.get("/api/devices/:device/sessions/:session/state") { request, context in
            let parameters = try QueryParameters(request.uri.query, allowed: revealParameter.union(["at"]))
            return try await state(
                device: try context.parameters.decoded("device"), session: try context.parameters.decoded("session"), parameters: parameters, request: request)
        }
        heavy.get("/api/devices/:device/state") { request, context in
            let parameters = try QueryParameters(request.uri.query, allowed: revealParameter.union(["session", "at"]))
            return try await state(
                device: try context.parameters.decoded("device"), session: try PageRoutes<Context>.session(in: parameters), parameters: parameters,
                request: request)
        }
        heavy.get("/api/devices/:device/audit") { request, context in
            let parameters = try QueryParameters(request.uri.query, allowed: AuditFilter.parameterNames.union(["format"]))
            let device = try context.parameters.decoded("device")
            let filter = try AuditFilter(parameters)
            let format = try parameters.choice("format", as: AuditFormat.self) ?? .json
            let records = try await reader.audit(device: device, query: filter.query)
            switch format {
            case .json: return Responses.json(try AuditReport.json(records) + "\n")
            case .csv: return Responses.csv(AuditReport.csv(records), filename: "audit.csv")
            }
        }
        router.get("/api/devices/:device/drafts") { request, context in
            _ = try QueryParameters(request.uri.query, allowed: [])
            let device = try context.parameters.decoded("device")
            return Responses.json(try DraftsReport.json(try await reader.drafts(device: device), mask: reveals == nil ? .shown : .masked) + "\n")
        }
        router.get("/api/devices/:device/erasures") { request, context in
            let parameters = try QueryParameters(request.uri.query, allowed: ["format"])
            let device = try context.parameters.decoded("device")
            let records = try await reader.erasures(device: device)
            switch try parameters.choice("format", as: AuditFormat.self) ?? .json {
            case .json: return Responses.json(try ErasuresReport.json(records) + "\n")
            case .csv: return Responses.csv(ErasuresReport.csv(records), filename: "erasures.csv")
            }
        }
        router.get("/api/devices/:device/stats") { request, context in
            _ = try QueryParameters(request.uri.query, allowed: [])
            let device = try context.parameters.decoded("device")
            return Responses.json(try JSONOutput.pretty(try await reader.stats(device: device)) + "\n")
        }
    }

    /// `sheetlog export --session S --self-contained [--redact]`: redacted unless `redact=false`, which
    /// the fleet refuses (its values are masked until a reveal, and a reveal shows, never hands out).
    private func export(device: String, session: String, parameters: QueryParameters) async throws -> Response {
        let redact = try parameters.flag("redact", default: true)
        if !redact && reveals != nil {
            throw QueryParameters.refusal("the fleet exports a session redacted only: its values are masked until a reveal", parameter: "redact")
        }
        let entries = try await reader.export(device: device, session: session, options: ExportOptions(selfContained: true, redact: redact))
        return Responses.jsonLines(try ExportReport.text(entries), filename: redact ? "bug-report-redacted.jsonl" : "bug-report.jsonl")
    }

    private func replay(device: String, session: String, parameters: QueryParameters, request: Request) async throws -> Response {
        let point = try parameters.point("at")
        let display = try await ValueDisplay.of(parameters, access: reveals, device: device, session: session, request: request)
        var version: Int64?
        if let point { version = try await reader.version(device: device, session: session, at: point) }
        let steps = try await display.replay(from: reader, device: device, session: session, through: version)
        return Responses.json(try ReplayReport.json(steps, mask: display.mask) + "\n")
    }
}

extension APIRoutes {
    /// One step, the element `replay` has for that version: folded from the session's first events
    /// only, so its cost and size do not grow with the versions after it.
    private func state(device: String, session: String, parameters: QueryParameters, request: Request) async throws -> Response {
        let point = try parameters.point("at")
        let display = try await ValueDisplay.of(parameters, access: reveals, device: device, session: session, request: request)
        let moment = try await display.moment(from: reader, device: device, session: session, at: point)
        return Responses.json(try ReplayReport.json(step: moment.step, mask: display.mask) + "\n")
    }
}

/// `format=` of the audit and erasures endpoints.
enum AuditFormat: String, CaseIterable {
    case json
    case csv
}
