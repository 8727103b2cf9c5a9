import Foundation

/// Records commands into one session of a database: the per-window handle an app keeps.
///
/// ```swift
/// let window = database.session("window-1")
/// try await window.record(.present(presentation: "expense-1", route: Route(name: "newExpense")))
/// try await window.record(.attemptDismiss(source: .swipe))
/// let state = try await window.state()
/// assert(state.top == nil)  // a clean sheet: the swipe dismissed it
/// ```
public struct SessionRecorder: Sendable {
    /// The database the commands go to.
    public let database: SheetLogDatabase
    /// The session (one window's stream) every command is recorded in.
    public let session: String

    /// A recorder for `session`; ``SheetLogDatabase/session(_:)`` makes the same.
    public init(database: SheetLogDatabase, session: String) {
        self.database = database
        self.session = session
    }

    /// Records `command` in this session; see ``SheetLogDatabase/record(_:in:id:occurredAt:)``.
    @discardableResult
    @concurrent
    public func record(_ command: SheetCommand, id: String? = nil, occurredAt: Int64? = nil) async throws -> RecordResult {
        try await database.record(command, in: session, id: id, occurredAt: occurredAt)
    }

    /// Records `command` in this session as having happened at `date`; see ``SheetLogDatabase/record(_:in:id:at:)``.
    @discardableResult
    @concurrent
    public func record(_ command: SheetCommand, id: String? = nil, at date: Date) async throws -> RecordResult {
        try await database.record(command, in: session, id: id, at: date)
    }

    /// The session's current state.
    @concurrent
    public func state() async throws -> SessionState {
        try await database.state(of: session)
    }

    /// The session replayed step by step; see ``SheetLogDatabase/replay(_:through:)``.
    @concurrent
    public func replay(through version: Int64? = nil) async throws -> [ReplayStep] {
        try await database.replay(session, through: version)
    }
}
