import SheetLogDomain
import Testing
import SheetLogTestSupport

/// Two sessions driven by random commands, the way an app and its recovery screen drive them.
///
/// Restores and declines of a draft in the other session go through
/// ``SheetDecider/decideRestore(from:old:new:newPresentation:at:)`` and the draft's own session.
struct SessionsModel {
    /// What one step did.
    struct Outcome {
        var session: String
        var command: SheetCommand
        var before: [String: SessionState]
        /// The events appended per session, or the rejection.
        var result: Result<[String: [SheetEvent]], SheetLogError>

        var appended: [String: [SheetEvent]] { (try? result.get()) ?? [:] }
    }

    static let sessionIDs = ["a", "b"]

    var states: [String: SessionState] = Dictionary(uniqueKeysWithValues: sessionIDs.map { ($0, SessionState(sessionID: $0)) })
    var logs: [String: [SheetEvent]] = Dictionary(uniqueKeysWithValues: sessionIDs.map { ($0, []) })
    /// Drafts whose alert was raised at least once: only those may be discarded.
    var confirmationRaised: Set<DraftReference> = []
    private var nextID = 0
    private var now: Int64 = 1_767_225_600_000

    var recoverableDrafts: [DraftReference] {
        Self.sessionIDs.flatMap { states[$0]!.recoverableDrafts.map(\.reference) }
    }

    mutating func step(_ number: Int) -> Outcome {
        var chooser = CommandChooser(number)
        let session = chooser.chance(85) ? "a" : "b"
        nextID += 1
        now += Int64(1 + chooser.below(5_000))
        let command = chooser.command(for: states[session]!, freshID: "p\(nextID)", drafts: recoverableDrafts)
        let before = states
        let result = Result { () throws(SheetLogError) in try decide(command, in: session) }
        if case .success(let appended) = result {
            for (id, events) in appended {
                states[id] = SheetDecider.fold(events, into: states[id]!)
                logs[id, default: []] += events
                for case .attemptDismiss(let payload) in events.map(\.kind) where payload.confirmation {
                    confirmationRaised.insert(DraftReference(session: id, presentation: payload.presentation))
                }
            }
        }
        return Outcome(session: session, command: command, before: before, result: result)
    }

    private func decide(_ command: SheetCommand, in session: String) throws(SheetLogError) -> [String: [SheetEvent]] {
        switch command {
        case .restoreDraft(let reference, let newID) where reference.session != session && states[reference.session] != nil:
            let (old, new) = try SheetDecider.decideRestore(
                from: reference, old: states[reference.session]!, new: states[session]!, newPresentation: newID, at: now)
            return [reference.session: old, session: new]
        case .declineDraft(let reference) where states[reference.session] != nil:
            return [reference.session: try SheetDecider.decide(command, state: states[reference.session]!, at: now)]
        default:
            return [session: try SheetDecider.decide(command, state: states[session]!, at: now)]
        }
    }

    /// Runs one generated sequence, calling `check` after every step.
    static func run(_ numbers: [Int], check: (SessionsModel, Outcome) -> Void) {
        var model = SessionsModel()
        for number in numbers {
            let outcome = model.step(number)
            check(model, outcome)
        }
    }
}
