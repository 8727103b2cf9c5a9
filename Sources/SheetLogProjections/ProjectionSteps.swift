import SheetLogDomain

/// The fold of an append's events into their sessions, step by step, and what it changed so far:
/// the dismissal writes in event order and, per session, the session as its rows stood before the
/// append and the presentations the events touched. ``change(of:)`` turns it into the append's
/// ``ProjectionChange``.
///
/// Shared by the two places an append's rows are decided: the facade's planner, which folds each
/// event it decides once, into the session it decides the next command on, and
/// ``ProjectionChange/init(folding:keys:priorSession:)`` for events handed to a store as bytes.
///
/// ```swift
/// var steps = ProjectionSteps()
/// steps.fold(event, into: &sessions["s1"]!, position: 42, version: 7)
/// let change = steps.change(of: sessions)  // the rows to write with the events
/// ```
package struct ProjectionSteps: Sendable {
    package private(set) var dismissals: [ProjectionChange.DismissalWrite] = []
    /// The sessions as their rows stood before the append: a row is updated only where it changed.
    private var priors: [String: ProjectedSession] = [:]
    private var touched: [String: Set<String>] = [:]
    /// The sessions folded into, in the order of their first event in the append.
    private var order: [String] = []

    package init() {}

    /// Whether no event was folded.
    package var isEmpty: Bool { order.isEmpty }

    /// Folds `event` (at `position` and stream `version`) into `session`, remembering the session as
    /// it was before its first event in the append.
    package mutating func fold(
        _ event: SheetEvent, into session: inout ProjectedSession, position: Int64, version: Int64, chain: [UInt8] = []
    ) {
        if priors[session.session] == nil {
            priors[session.session] = session
            order.append(session.session)
        }
        let step = session.fold(event, position: position, version: version, chain: chain)
        if let dismissal = step.dismissal { dismissals.append(.insert(dismissal)) }
        if let resolution = step.resolution { dismissals.append(.resolve(resolution)) }
        touched[session.session, default: []].formUnion(step.touched)
    }

    /// The rows the folded events change, from `sessions` (every session folded into, as the fold left it).
    package func change(of sessions: [String: ProjectedSession]) -> ProjectionChange {
        var changes: [SessionChange] = []
        changes.reserveCapacity(order.count)
        for stream in order {
            guard let session = sessions[stream] else { continue }
            changes.append(SessionChange(session, writtenAs: priors[stream], touched: touched[stream] ?? []))
        }
        return ProjectionChange(dismissals: dismissals, sessions: changes)
    }
}
