import SheetLogCore

/// What the codec needs to read a sealed payload: the keys, and the event's id, stream and version,
/// which every value's seal is bound to.
public struct SealedOpening: Sendable {
    public var keys: any SubjectKeys
    public var eventID: String
    public var stream: String
    public var version: Int64
    /// Whether values whose event recorded its changes (``RecordedChanges``) are opened: a fold
    /// that only writes their cells and needs no value (a rebuild) reads them as withheld instead.
    package var opensRecordedValues = true

    public init(keys: any SubjectKeys, eventID: String, stream: String, version: Int64) {
        self.keys = keys
        self.eventID = eventID
        self.stream = stream
        self.version = version
    }
}
