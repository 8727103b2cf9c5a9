import SheetLogDomain
import SheetLogTestSupport

/// Turns one generated number into the next step of a random workload over a few sessions: the
/// domain tests' ``CommandChooser`` picks the command within a session, and this adds what only a
/// log of several sessions has — restores across sessions, declines of another session's draft,
/// and events of a type the domain does not know. Rejected commands are part of the mix.
struct RandomSheetCommands {
    enum Step {
        case command(SheetCommand, session: String)
        case restore(DraftReference, into: String, as: String)
        /// An event of a type the domain does not know, as another writer would append: refused.
        case foreignEvent(session: String)
    }

    static let sessions = ["a", "b", "c"]

    private var chooser: CommandChooser

    init(_ number: Int) { chooser = CommandChooser(number) }

    /// The next step, given every session's state; `freshID` was never used as a presentation id.
    mutating func step(states: [String: SessionState], freshID: String) -> Step {
        let session = chooser.chance(70) ? "a" : chooser.pick(Self.sessions)
        let state = states[session] ?? SessionState(sessionID: session)
        let others = Self.sessions.filter { $0 != session }
            .flatMap { (states[$0] ?? SessionState(sessionID: $0)).recoverableDrafts.map(\.reference) }
        if chooser.chance(3) { return .foreignEvent(session: session) }
        if !others.isEmpty && chooser.chance(6) {
            let draft = chooser.pick(others)
            if chooser.chance(50) { return .command(.declineDraft(from: draft), session: draft.session) }
            return .restore(draft, into: session, as: freshID)
        }
        let own = state.recoverableDrafts.map(\.reference)
        return .command(chooser.command(for: state, freshID: freshID, drafts: own), session: session)
    }
}
