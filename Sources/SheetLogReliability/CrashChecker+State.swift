import SheetLogDomain

extension CrashChecker {
    /// Each session rebuilt from the log must equal the fold of the commands of the surviving appends,
    /// so that every open (recoverable) draft holds exactly the acknowledged edits.
    func stateViolations(
        _ events: [RecordedEvent], presentAppends: Int, projectedOpenDrafts: [DraftReference: [String: FieldValue]]? = nil
    ) -> [Violation] {
        var violations: [Violation] = []
        var rebuilt: [String: SessionState] = [:]
        for event in events {
            do {
                let decoded = try SheetEvent(recorded: event)
                rebuilt[event.stream] = SheetDecider.evolve(rebuilt[event.stream] ?? SessionState(sessionID: event.stream), decoded)
            } catch {
                violations.append(Violation(.stateMismatch, "event \(event.eventID) at position \(event.position) cannot be decoded: \(error.code)"))
                return violations
            }
        }
        for (stream, expected) in expectedStates(firstAppends: presentAppends) {
            let actual = rebuilt[stream] ?? SessionState(sessionID: stream)
            guard actual != expected else { continue }
            let differing = expected.presentations.keys.filter { expected.presentations[$0] != actual.presentations[$0] }
            let drafts = actual.recoverableDrafts.map(\.presentation) == expected.recoverableDrafts.map(\.presentation)
                ? "same recoverable drafts" : "recoverable drafts differ"
            violations.append(Violation(
                .stateMismatch,
                "session \(stream) rebuilt from the log (version \(actual.version)) differs from the fold of its acknowledged commands (version \(expected.version)); presentations \(differing.sorted().joined(separator: ", ")) differ, \(drafts)"))
        }
        if let projectedOpenDrafts {
            violations += draftViolations(projected: projectedOpenDrafts, expected: expectedOpenDrafts(firstAppends: presentAppends))
        }
        return violations
    }

    /// Each session's state after the first `count` appends, folded from what the workload sent.
    package func expectedStates(firstAppends count: Int) -> [String: SessionState] {
        workload.eventsByStream(firstAppends: count).reduce(into: [:]) { states, entry in
            states[entry.key] = entry.value.reduce(SessionState(sessionID: entry.key)) { state, data in
                (try? SheetEventCodec.decode(data)).map { SheetDecider.evolve(state, $0) } ?? state
            }
        }
    }

    /// The draft values of every sheet on screen after the first `count` appends.
    package func expectedOpenDrafts(firstAppends count: Int) -> [DraftReference: [String: FieldValue]] {
        var drafts: [DraftReference: [String: FieldValue]] = [:]
        for (stream, state) in expectedStates(firstAppends: count) {
            for presentation in state.stack {
                drafts[DraftReference(session: stream, presentation: presentation.id)] = presentation.values
            }
        }
        return drafts
    }

    /// Every open draft in the `presentations` projection must hold the fold of the acknowledged edits.
    private func draftViolations(
        projected: [DraftReference: [String: FieldValue]], expected: [DraftReference: [String: FieldValue]]
    ) -> [Violation] {
        var violations: [Violation] = []
        for reference in Set(projected.keys).union(expected.keys).sorted(by: { $0.description < $1.description }) {
            guard let values = projected[reference] else {
                violations.append(Violation(.stateMismatch, "open draft \(reference) is missing from the presentations projection"))
                continue
            }
            guard let folded = expected[reference] else {
                violations.append(Violation(.stateMismatch, "the presentations projection holds an open draft \(reference) the acknowledged commands never left open"))
                continue
            }
            let fields = Set(values.keys).union(folded.keys).filter { values[$0] != folded[$0] }
            if !fields.isEmpty {
                violations.append(Violation(.stateMismatch, "open draft \(reference) differs from the fold of its acknowledged edits in field(s) \(fields.sorted().joined(separator: ", "))"))
            }
        }
        return violations
    }
}
