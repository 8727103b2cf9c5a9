/// One reveal of a session's form values in the fleet viewer: who, when, which device and session.
///
/// Recorded before any value is shown, and never changed or deleted by SheetLog: the access log.
public struct RevealRecord: Sendable, Hashable {
    /// The record's number in the access log; the viewer's links carry it (`reveal=ID`).
    public var id: Int64
    /// The name of the reader token's holder.
    public var reader: String
    public var device: String
    public var session: String
    /// Milliseconds since 1970.
    public var revealedAt: Int64

    public init(id: Int64, reader: String, device: String, session: String, revealedAt: Int64) {
        self.id = id
        self.reader = reader
        self.device = device
        self.session = session
        self.revealedAt = revealedAt
    }
}
