import SheetLog

/// One element of `sheetlog erasures --json` (and of the viewer's `/api/devices/{device}/erasures`).
package struct ErasureRecordJSON: Encodable {
    package var origin: ErasureRecord.Origin
    package var position: Int64?
    package var eventId: String?
    package var subject: String
    package var requestedBy: String
    package var at: String?
    package var sessions: Int
    package var closedSessions: [String]
    package var keyErased: Bool

    package init(_ record: ErasureRecord) {
        origin = record.origin
        position = record.position
        eventId = record.eventID
        subject = record.subject
        requestedBy = record.requestedBy
        at = TimeText.iso(record.erasedAt)
        sessions = record.sessions
        closedSessions = record.closedSessions
        keyErased = record.keyErased
    }

    // Written out so that a collector's erasure shows `"position": null` and `"eventId": null`
    // rather than no key: every object has the same keys.
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(origin, forKey: .origin)
        try container.encode(position, forKey: .position)
        try container.encode(eventId, forKey: .eventId)
        try container.encode(subject, forKey: .subject)
        try container.encode(requestedBy, forKey: .requestedBy)
        try container.encode(at, forKey: .at)
        try container.encode(sessions, forKey: .sessions)
        try container.encode(closedSessions, forKey: .closedSessions)
        try container.encode(keyErased, forKey: .keyErased)
    }

    private enum CodingKeys: String, CodingKey {
        case origin, position, eventId, subject, requestedBy, at, sessions, closedSessions, keyErased
    }
}
