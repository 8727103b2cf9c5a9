import SheetLog

extension SheetLogDatabase {
    /// Every session with its counts, in the order of its first event.
    ///
    /// Read from the read models (sessions, dismissals, recoverable drafts, presentations), one query
    /// each: no per-session query and no scan of the log.
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
        let presented = try await backend.presentedRoutes()
        return summaries.map { summary in
            SessionActivity(
                session: summary.session, events: summary.version, firstAt: summary.startedAt, lastAt: summary.lastEventAt,
                presentations: presented[summary.session]?.count ?? 0, openDrafts: openDrafts[summary.session] ?? 0,
                blocked: blocked[summary.session] ?? 0, discarded: discarded[summary.session] ?? 0,
                routes: Set(presented[summary.session] ?? []))
        }
    }
}
