import SheetLogDomain

extension CrashChecker {
    /// Each session rebuilt from the log must equal the fold of the commands of the surviving appends,
    /// so that every open (recoverable) draft holds exactly the acknowledged edits.
    func stateViolations(_ events: [RecordedEvent], presentAppends: Int) -> [Violation] {
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
        for (stream, planned) in workload.eventsByStream(firstAppends: presentAppends) {
            var expected = SessionState(sessionID: stream)
            for data in planned {
                guard let event = try? SheetEventCodec.decode(data) else { continue }
                expected = SheetDecider.evolve(expected, event)
            }
            let actual = rebuilt[stream] ?? SessionState(sessionID: stream)
            guard actual != expected else { continue }
            let differing = expected.presentations.keys.filter { expected.presentations[$0] != actual.presentations[$0] }
            let drafts = actual.recoverableDrafts.map(\.presentation) == expected.recoverableDrafts.map(\.presentation)
                ? "same recoverable drafts" : "recoverable drafts differ"
            violations.append(Violation(
                .stateMismatch,
                "session \(stream) rebuilt from the log (version \(actual.version)) differs from the fold of its acknowledged commands (version \(expected.version)); presentations \(differing.sorted().joined(separator: ", ")) differ, \(drafts)"))
        }
        return violations
    }
}
