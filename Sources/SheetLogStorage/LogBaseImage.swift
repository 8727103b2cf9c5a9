/// A pruned log's base as `export` writes it and `ingest` installs it into an empty database: the
/// cut, the chain value the first kept event links to, what the prunes removed, the erasures they
/// carried and the state of every session they carried, its values in clear.
///
/// Installed (``SheetLogDatabase/installBase(_:)``) and followed by the kept commands, it gives a
/// copy whose `recover`, `replay` of kept sessions and `audit` answer as the original's.
///
/// ```swift
/// let entries = try await original.exportLog()
/// if case .base(let image)? = entries.first { try await copy.installBase(image) }
/// ```
public struct LogBaseImage: Sendable, Hashable {
    /// The last position the prunes removed: the kept log begins at `cutPosition + 1`.
    public var cutPosition: Int64
    /// The chain value of the event at the cut (32 bytes).
    public var chain: [UInt8]
    /// When the latest prune ran, and the store's recorded times of the first and last events the
    /// prunes removed (milliseconds since 1970).
    public var prunedAt: Int64
    public var firstRecordedAt: Int64
    public var lastRecordedAt: Int64
    /// Events every prune removed.
    public var removedEvents: Int64
    /// The `eraseSubject` events the prunes removed, in log order.
    public var erasures: [Erasure]
    /// The carried sessions, in session order.
    public var sessions: [Session]

    public init(
        cutPosition: Int64, chain: [UInt8], prunedAt: Int64, firstRecordedAt: Int64, lastRecordedAt: Int64,
        removedEvents: Int64, erasures: [Erasure] = [], sessions: [Session] = []
    ) {
        self.cutPosition = cutPosition
        self.chain = chain
        self.prunedAt = prunedAt
        self.firstRecordedAt = firstRecordedAt
        self.lastRecordedAt = lastRecordedAt
        self.removedEvents = removedEvents
        self.erasures = erasures
        self.sessions = sessions
    }

    /// The first position the kept log can hold.
    public var firstKeptPosition: Int64 { cutPosition + 1 }

    /// One carried session: its last removed version and its state at that version, as the JSON
    /// object `docs/ingest-format.md` describes (`baseSession`), every value in clear.
    public struct Session: Sendable, Hashable {
        public var session: String
        public var version: Int64
        public var state: String

        public init(session: String, version: Int64, state: String) {
            self.session = session
            self.version = version
            self.state = state
        }
    }

    /// One erasure a prune removed: its event as the log held it, and what it erased.
    public struct Erasure: Sendable, Hashable {
        public var eventID: String
        public var position: Int64
        /// Its version in `$erasures`.
        public var version: Int64
        public var subject: String
        public var requestedBy: String
        public var occurredAt: Int64
        public var recordedAt: Int64
        /// Its chain value in the original log.
        public var chain: [UInt8]
        /// The subject's sessions begun before it, and the sessions it closed (log order).
        public var sessions: Int
        public var closedSessions: [String]

        public init(
            eventID: String, position: Int64, version: Int64, subject: String, requestedBy: String,
            occurredAt: Int64, recordedAt: Int64, chain: [UInt8], sessions: Int, closedSessions: [String]
        ) {
            self.eventID = eventID
            self.position = position
            self.version = version
            self.subject = subject
            self.requestedBy = requestedBy
            self.occurredAt = occurredAt
            self.recordedAt = recordedAt
            self.chain = chain
            self.sessions = sessions
            self.closedSessions = closedSessions
        }
    }
}
