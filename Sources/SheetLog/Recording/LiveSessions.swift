/// The sessions a database handle is recording: those it recorded a command in, since it was
/// opened, that it has not ended.
///
/// What recovery at launch must leave alone: a sheet on screen in one of these belongs to a window
/// of the running app, not to a launch that died. Another process's sessions (an extension's) are
/// not known here; an app tells them apart by its own session ids (docs/app-integration.md).
final class LiveSessions: Sendable {
    private let sessions = LockedBox<Set<String>>([])

    var snapshot: Set<String> { sessions.withLock { $0 } }

    func contains(_ session: String) -> Bool { sessions.withLock { $0.contains(session) } }

    /// Takes the commands a request recorded: each one's session is live, until its `endSession`.
    /// A `declineDraft` is recorded in its draft's session, which it does not make live.
    func recorded(_ commands: [PreparedCommand]) {
        sessions.withLock { live in
            for command in commands {
                switch command.command {
                case .endSession: live.remove(command.envelope.session)
                case .declineDraft: break
                case .present, .edit, .attemptDismiss, .dismissAll, .confirmDiscard, .keepEditing, .save, .saveFailed, .restoreDraft:
                    live.insert(command.envelope.session)
                }
            }
        }
    }
}
