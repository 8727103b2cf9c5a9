import SheetLog

extension SheetLogDatabase {
    /// Every session with its counts, in the order of its first event.
    ///
    /// Read through the facade's lists (sessions, dismissals, recoverable drafts) plus the log's
    /// `present` events, one pass each: no per-session query.
    package func sessionActivity() async throws -> [SessionActivity] {
        let summaries = try await sessions()
        var blocked: [String: Int] = [:]
        var discarded: [String: Int] = [:]
        for record in try await audit() {
            switch record.outcome {
            case .blocked: blocked[record.session, default: 0] += 1
            case .dismissed, .forced: break
            }
            if record.dirty && record.resolution == .discarded { discarded[record.session, default: 0] += 1 }
        }
        var openDrafts: [String: Int] = [:]
        for draft in try await recoverableDrafts() {
            switch draft.reason {
            case .open: openDrafts[draft.session, default: 0] += 1
            case .abandoned: break
            }
        }
        let presented = try await presentedRoutes()
        return summaries.map { summary in
            SessionActivity(
                session: summary.session, events: summary.version, firstAt: summary.startedAt, lastAt: summary.lastEventAt,
                presentations: presented[summary.session]?.count ?? 0, openDrafts: openDrafts[summary.session] ?? 0,
                blocked: blocked[summary.session] ?? 0, discarded: discarded[summary.session] ?? 0,
                routes: Set(presented[summary.session] ?? []))
        }
    }

    /// The route name of every `present` event, by session, in log order.
    private func presentedRoutes() async throws -> [String: [String]] {
        var routes: [String: [String]] = [:]
        var cursor: Int64 = 0
        let chunk = 1_000
        while true {
            let events = try await backend.readAll(after: cursor, through: nil, limit: chunk, types: [SheetEventType.present.rawValue])
            for recorded in events {
                guard case .present(let payload) = try SheetEvent(recorded: recorded).kind else { continue }
                routes[recorded.stream, default: []].append(payload.route.name)
            }
            guard let last = events.last, events.count == chunk else { return routes }
            cursor = last.position
        }
    }
}
