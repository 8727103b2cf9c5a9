import SheetLogCore

/// What the codec needs to write an event sealed (payload schema 2): the session's subject, its
/// data key, and the stream and version the event will have, which bind each value to its place.
///
/// ```swift
/// let sealing = PayloadSealing(subject: "user-42", key: key, stream: "window-1", version: 5)
/// let data = try SheetEventCodec.encode(event, eventID: "c9-1", sealing: sealing)  // schema 2
/// ```
public struct PayloadSealing: Sendable {
    public var subject: String
    public var key: DataKey
    public var stream: String
    public var version: Int64
    /// What the event records in clear about its values (``RecordedChanges``), decided against
    /// the session it is folded into.
    package var changes: RecordedChanges?

    public init(subject: String, key: DataKey, stream: String, version: Int64) {
        self.subject = subject
        self.key = key
        self.stream = stream
        self.version = version
    }
}
