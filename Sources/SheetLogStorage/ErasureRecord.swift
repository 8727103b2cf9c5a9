import SheetLogDomain

/// One erasure of a subject, as `SheetLogDatabase.erasures()` lists it: whose data, who asked,
/// when, and what it removed. It holds no values, so it is read without the master key.
///
/// ```swift
/// for erasure in try await database.erasures() {
///     print(erasure.subject, erasure.requestedBy, erasure.erasedAt, erasure.sessions, erasure.closedSessions)
/// }
/// ```
public struct ErasureRecord: Sendable, Hashable, Codable {
    /// Where the erasure was made.
    public enum Origin: String, Sendable, Hashable, Codable, CaseIterable {
        /// An `eraseSubject` event of the log's `$erasures` stream: `sheetlog erase` (or
        /// `SheetLogDatabase.erase`), or a copy of one carried by `export | ingest` or a push.
        case device
        /// An erasure made on the fleet's collector (`sheetlog-server erase`, a row of
        /// `subject_erasures`): it deletes the keys devices shared, and appends nothing to a log.
        case collector
    }

    public var origin: Origin
    /// The `eraseSubject` event's position in the log; nil for a collector's erasure.
    public var position: Int64?
    /// The `eraseSubject` event's id; nil for a collector's erasure.
    public var eventID: String?
    /// The person whose data was erased.
    public var subject: String
    /// Who asked for the erasure, as recorded (empty in a log written before it was required).
    public var requestedBy: String
    /// The erasure's own time, in milliseconds since 1970: the event's `occurred_at` (which a copy
    /// made by `export | ingest` keeps), or the collector's `erased_at`.
    public var erasedAt: Int64
    /// How many of the subject's sessions begun before the erasure now read as `[erased]` (in the
    /// fleet: the device's sessions of the subject).
    public var sessions: Int
    /// The subject's sessions that were still open and that the erasure closed, in log order
    /// (the log tells them by the rule `ErasureClosing` documents); always empty for a collector's erasure.
    public var closedSessions: [String]
    /// Whether the subject's key is gone from this store: `subject_keys.erased_at` is set (a
    /// device's file), or the collector holds no key the device shared for the subject (the fleet).
    public var keyErased: Bool

    public init(
        origin: Origin, position: Int64?, eventID: String?, subject: String, requestedBy: String, erasedAt: Int64, sessions: Int,
        closedSessions: [String], keyErased: Bool
    ) {
        self.origin = origin
        self.position = position
        self.eventID = eventID
        self.subject = subject
        self.requestedBy = requestedBy
        self.erasedAt = erasedAt
        self.sessions = sessions
        self.closedSessions = closedSessions
        self.keyErased = keyErased
    }
}
