import SheetLog
import SheetLogReports

/// What the viewer reads from a backend: the devices it holds and, for each, the sessions, a
/// session's replay, the audit trail, the recoverable drafts and the counts.
///
/// The routes and pages know only this protocol: a second backend (the fleet's PostgreSQL) plugs in
/// by implementing it. Every read names a device; a single SQLite file is the device
/// ``SQLiteFileReader/localDevice``.
///
/// Errors are ``SheetLogError``s: ``SheetLogError/Code/notFound`` for an unknown device or session
/// (the server answers 404), the store's codes otherwise.
package protocol SheetLogReader: Sendable {
    /// The devices this reader serves, in a stable order.
    func devices() async throws -> [String]

    /// Every session of `device`, in the order of its first event.
    func sessions(device: String) async throws -> [SessionActivity]

    /// The sessions of every device that `query` matches, each with its device, as `sheetlog-server
    /// sessions` lists them (``DeviceSessionActivity/matching(_:in:)``): the fleet's "sessions active at …" search.
    func sessions(matching query: SessionQuery) async throws -> [DeviceSessionActivity]

    /// The steps of `session` from version 1 through `version` (all when nil); throws
    /// ``SheetLogError/Code/notFound`` for an unknown session or a version past its end.
    func replay(device: String, session: String, through version: Int64?) async throws -> [ReplayStep]

    /// ``replay(device:session:through:)`` as a reveal shows it: in the fleet, the sealed values
    /// opened with the keys the device shared (withheld without one, erased once erased).
    func revealedReplay(device: String, session: String, through version: Int64?) async throws -> [ReplayStep]

    /// The step of `session` at the version `point` names (the last when nil) and the state before
    /// it, folded from the session's first events only: the state endpoint and the timeline's panel.
    /// Refused as ``version(device:session:at:)`` refuses `point`.
    func moment(device: String, session: String, at point: ReplayPoint?) async throws -> ReplayMoment

    /// ``moment(device:session:at:)`` as a reveal shows it (see ``revealedReplay(device:session:through:)``).
    func revealedMoment(device: String, session: String, at point: ReplayPoint?) async throws -> ReplayMoment

    /// Every event of `session`, decoded, without states: the timeline's event list.
    func events(device: String, session: String) async throws -> [(event: RecordedEvent, sheetEvent: SheetEvent)]

    /// The state a prune carried `session` from, where its kept events begin; nil when none did
    /// (always in the fleet, which holds every device's log from its first event).
    func carriedBase(device: String, session: String) async throws -> ReplayBase?

    /// The version of `session` that `point` names: a version (``SheetLogError/Code/notFound`` past
    /// the session's end), or a time (the last version whose event is at or before it; notFound
    /// before its first event), as `sheetlog replay --at` reads it.
    func version(device: String, session: String, at point: ReplayPoint) async throws -> Int64

    /// The dismissals matching `query`, in log order.
    func audit(device: String, query: AuditQuery) async throws -> [DismissalRecord]

    /// The recoverable drafts, the most recently touched last.
    func drafts(device: String) async throws -> [RecoverableDraft]

    /// The erasures of subjects, in log order (``SheetLogDatabase/erasures()``); in the fleet, then the
    /// collector's erasures that apply to the device.
    func erasures(device: String) async throws -> [ErasureRecord]

    /// Counts of events, sessions and drafts, and the size of the store.
    func stats(device: String) async throws -> Statistics

    /// Where `device`'s kept log begins when a prune removed the start of it; nil when never pruned.
    func logBase(device: String) async throws -> LogBase?

    /// ``SheetLogDatabase/exportLog(session:options:)`` of `session`: what `sheetlog export --session` writes.
    func export(device: String, session: String, options: ExportOptions) async throws -> [ExportedEntry]

    /// The session version of the event at `position` in the device's log, nil when no event is there:
    /// the audit page links each dismissal (known by position) to its moment in the timeline.
    func version(device: String, position: Int64) async throws -> Int64?
}

extension SheetLogReader {

    /// Throws ``SheetLogError/Code/notFound`` unless `device` is one of ``devices()``.
    package func requireDevice(_ device: String) async throws {
        if try await !devices().contains(device) {
            throw SheetLogError(.notFound, "no device \(device)", context: .init(operation: "read device"))
        }
    }
}
