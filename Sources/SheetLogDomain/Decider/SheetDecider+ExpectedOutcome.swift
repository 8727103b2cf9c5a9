extension SheetDecider {
    /// ``decide(_:state:at:limits:)`` with a precondition on the outcome: an `attemptDismiss` whose
    /// decided outcome is not `expected` is refused (``SheetLogError/Rule/outcomeDiffers``), so that a
    /// script or a test that states what it expects records nothing when the state machine disagrees.
    /// `expected` nil, or a command that decides no dismissal, adds no condition.
    ///
    /// ```swift
    /// // A swipe on a dirty draft is blocked: claiming it dismisses is refused, nothing decided.
    /// try SheetDecider.decide(.attemptDismiss(source: .swipe), expecting: .dismissed, state: state, at: now)
    /// ```
    public static func decide(
        _ command: SheetCommand, expecting expected: DismissOutcome?, state: SessionState, at occurredAt: Int64,
        limits: InputLimits = .default
    ) throws(SheetLogError) -> [SheetEvent] {
        let events = try decide(command, state: state, at: occurredAt, limits: limits)
        guard let expected, case .attemptDismiss(let decided)? = events.first?.kind, decided.outcome != expected else { return events }
        throw SheetLogError(
            .ruleViolation,
            "\(command.name): the command claims outcome \(expected.rawValue) but the state machine decides \(decided.outcome.rawValue) in session \(state.sessionID)",
            context: .init(stream: state.sessionID, actualVersion: state.version, presentation: decided.presentation, field: "outcome",
                           operation: command.name),
            rule: .outcomeDiffers)
    }
}
