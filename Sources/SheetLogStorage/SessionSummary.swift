/// One row of the `sessions` table: a session's version, status and stack.
///
/// ```swift
/// for summary in try await database.sessions() where summary.status == .active && !summary.stack.isEmpty {
///     print(summary.session, summary.stack, summary.lastEventDate ?? .distantPast)
/// }
/// ```
public struct SessionSummary: Sendable, Hashable, Codable {
    /// Whether the session was ended with `endSession`.
    public enum Status: String, Sendable, Hashable, Codable {
        /// No `endSession` yet: the window is open, or the app died with it.
        case active
        /// `endSession` was recorded; no command is accepted any more.
        case ended
    }

    /// The session id.
    public var session: String
    /// The version of the session's last event.
    public var version: Int64
    /// Active, or ended by `endSession`.
    public var status: Status
    /// Ids of the sheets on screen, bottom to top.
    public var stack: [String]
    /// When its first event occurred, in milliseconds since 1970 (``startedDate`` as a `Date`).
    public var startedAt: Int64?
    /// When its last event occurred, in milliseconds since 1970 (``lastEventDate`` as a `Date`).
    public var lastEventAt: Int64?
    /// When `endSession` was recorded, in milliseconds since 1970 (``endedDate`` as a `Date`).
    public var endedAt: Int64?
    /// The log position of its first event.
    public var firstPosition: Int64
    /// The log position of its last event.
    public var lastPosition: Int64

    /// A summary with every column of its `sessions` row.
    public init(
        session: String, version: Int64, status: Status, stack: [String], startedAt: Int64?, lastEventAt: Int64?,
        endedAt: Int64?, firstPosition: Int64, lastPosition: Int64
    ) {
        self.session = session
        self.version = version
        self.status = status
        self.stack = stack
        self.startedAt = startedAt
        self.lastEventAt = lastEventAt
        self.endedAt = endedAt
        self.firstPosition = firstPosition
        self.lastPosition = lastPosition
    }
}
