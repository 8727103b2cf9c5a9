/// Where a sealed value sits, as its additional authenticated data: the event's id, stream and
/// version and the value's member and field, or a projection row's table, keys and field.
///
/// Each part is length-prefixed, so no two positions share their bytes.
///
/// ```swift
/// let aad = SealPosition.event(id: "c1-1", stream: "s1", version: 4, member: "value", field: "amount").bytes
/// ```
package enum SealPosition: Sendable, Hashable {
    /// A value in an event's payload: `member` is `value`, `baseline`, `values` (the payload's key).
    case event(id: String, stream: String, version: Int64, member: String, field: String)
    /// A value in a projection's JSON column: `column` of the row of `presentation` in `session`.
    case projection(column: String, session: String, presentation: String, field: String)
    /// A value in the state a prune carried across its cut: `member` (`baseline`, `values`) of
    /// `presentation` in the carried snapshot of `session`.
    case base(session: String, presentation: String, member: String, field: String)

    package var bytes: [UInt8] {
        var bytes: [UInt8] = []
        switch self {
        case let .event(id, stream, version, member, field):
            bytes.reserveCapacity(48 + id.utf8.count + stream.utf8.count + member.utf8.count + field.utf8.count)
            for part in ["event", id, stream, String(version), member, field] { Self.append(part, to: &bytes) }
        case let .projection(column, session, presentation, field):
            bytes.reserveCapacity(40 + column.utf8.count + session.utf8.count + presentation.utf8.count + field.utf8.count)
            for part in ["projection", column, session, presentation, field] { Self.append(part, to: &bytes) }
        case let .base(session, presentation, member, field):
            bytes.reserveCapacity(36 + session.utf8.count + presentation.utf8.count + member.utf8.count + field.utf8.count)
            for part in ["base", session, presentation, member, field] { Self.append(part, to: &bytes) }
        }
        return bytes
    }

    /// One part, after its length (four bytes, big-endian): parts that run together stay apart.
    private static func append(_ part: String, to bytes: inout [UInt8]) {
        ValueSeal.appendLength(part.utf8.count, to: &bytes)
        bytes.append(contentsOf: part.utf8)
    }
}
