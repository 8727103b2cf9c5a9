import SheetLog

extension RetentionSimulation {
    /// What the log answers at the end, as problems (empty: all is well): `verify` passes; every
    /// kept session reads; the audit lists only kept sessions; the draft kept open (with
    /// ``SimulationSettings/openDraft``) is offered by recovery with its value; with a retention,
    /// day 1's first session is no longer listed and a command on it is refused as pruned (the open
    /// draft does not hold the cut: its state is carried across it).
    public func finalProblems() async throws -> [String] {
        let database = try open()
        defer { try? database.close() }
        var problems: [String] = []
        let report = try await database.verify()
        if let failure = report.firstFailure { problems.append("verify: \(failure.name): \(failure.detail)") }
        let sessions = try await database.sessions()
        let kept = Set(sessions.map(\.session))
        for summary in sessions {
            do {
                _ = try await database.state(of: summary.session)
            } catch {
                problems.append("the kept session \(summary.session) does not read: \(error)")
            }
        }
        let audited = try await database.audit()
        if audited.isEmpty { problems.append("the audit lists no dismissal") }
        for record in audited where !kept.contains(record.session) {
            problems.append("the audit lists \(record.session), which the log no longer holds")
        }
        let drafts = try await database.recoverableDrafts()
        if settings.openDraft {
            let open = drafts.first { $0.session == Self.openDraftSession }
            if open?.values["amount"] != .string("42.50") { problems.append("the draft kept open is not offered with its value") }
        }
        if settings.retentionDays != nil, settings.days > (settings.retentionDays ?? 0) + 1 {
            // Its commands are refused naming the pruning (and append nothing); it is no longer listed.
            if kept.contains("d001-l0") { problems.append("day 1's first session is still listed after the retention passed") }
            do {
                _ = try await database.record(.endSession, in: "d001-l0")
                problems.append("day 1's first session still takes commands after the retention passed")
            } catch let error as SheetLogError where error.code == .pruned {
                // Refused, naming the pruning: as it should.
            }
        }
        return problems
    }
}
