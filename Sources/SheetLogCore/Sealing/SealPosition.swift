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

    package var bytes: [UInt8] {
        switch self {
        case let .event(id, stream, version, member, field):
            return Self.joined(["event", id, stream, String(version), member, field])
        case let .projection(column, session, presentation, field):
            return Self.joined(["projection", column, session, presentation, field])
        }
    }

    private static func joined(_ parts: [String]) -> [UInt8] {
        var bytes: [UInt8] = []
        for part in parts {
            let utf8 = Array(part.utf8)
            bytes.append(contentsOf: ValueSeal.lengthPrefix(utf8.count))
            bytes.append(contentsOf: utf8)
        }
        return bytes
    }
}
