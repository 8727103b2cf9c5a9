/// The sessions that a ``SheetCoordinator`` of this database handle shows: the windows of the
/// running app, from the coordinator's creation until its session ends or the coordinator is released.
///
/// What recovery must leave alone: a sheet on screen in one of these belongs to a window the person
/// is using, not to a launch that died. Only coordinators count: a tool that records a history
/// (`sheetlog ingest`, an export copied into a new file) restores drafts of sessions it recorded
/// itself, as the app did when the history was made. Another process's windows (an extension's)
/// are not known here; an app tells them apart by its own session ids (docs/app-integration.md).
final class LiveSessions: Sendable {
    /// The number of coordinators showing each session.
    private let sessions = LockedBox<[String: Int]>([:])

    var snapshot: Set<String> { sessions.withLock { Set($0.keys) } }

    /// A coordinator of `session` was created.
    func open(_ session: String) { sessions.withLock { $0[session, default: 0] += 1 } }

    /// A coordinator of `session` was released.
    func close(_ session: String) {
        sessions.withLock { live in
            guard let count = live[session] else { return }
            live[session] = count > 1 ? count - 1 : nil
        }
    }

    /// Takes the commands a request recorded: a session whose `endSession` is among them is no
    /// longer shown by any window.
    func recorded(_ commands: [PreparedCommand]) {
        let ended = commands.filter { $0.command == .endSession }.map { $0.envelope.session }
        guard !ended.isEmpty else { return }
        sessions.withLock { live in
            for session in ended { live[session] = nil }
        }
    }
}
