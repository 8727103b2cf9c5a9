/// One row of the `sessions` table: a session's version, status and stack.
public struct SessionSummary: Sendable, Hashable, Codable {
    public enum Status: String, Sendable, Hashable, Codable {
        case active
        case ended
    }

    public var session: String
    /// The version of the session's last event.
    public var version: Int64
    public var status: Status
    /// Ids of the sheets on screen, bottom to top.
    public var stack: [String]
    public var startedAt: Int64?
    public var lastEventAt: Int64?
    public var endedAt: Int64?
    public var firstPosition: Int64
    public var lastPosition: Int64

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
