import SheetLogCore
import SheetLogJSON
import SheetLogStorage

extension IngestDecoder {
    static let baseHeaderFields: Set<String> = [
        "type", "cut", "chain", "prunedAt", "firstRecordedAt", "lastRecordedAt", "removedEvents", "erasures", "sessions",
    ]
    static let baseErasureFields: Set<String> = [
        "type", "id", "position", "version", "subject", "requestedBy", "at", "recordedAt", "chain", "sessions", "closedSessions",
    ]
    static let baseSessionFields: Set<String> = ["type", "session", "version", "state"]

    /// A `base`, `baseErasure` or `baseSession` line. The state of a session is checked when the
    /// base is installed, where every rule of a base is (`LogBaseImage.validatedSessions()`).
    func basePart(_ name: String, _ fields: IngestFields) throws(SheetLogError) -> IngestBasePart {
        switch name {
        case IngestBasePart.headerType:
            try fields.requireOnly(Self.baseHeaderFields)
            let image = LogBaseImage(
                cutPosition: try fields.count("cut"), chain: try fields.chain("chain"), prunedAt: try fields.time("prunedAt"),
                firstRecordedAt: try fields.time("firstRecordedAt"), lastRecordedAt: try fields.time("lastRecordedAt"),
                removedEvents: try fields.count("removedEvents"))
            return .header(image, erasures: Int(try fields.count("erasures")), sessions: Int(try fields.count("sessions")))
        case IngestBasePart.erasureType:
            try fields.requireOnly(Self.baseErasureFields)
            return .erasure(LogBaseImage.Erasure(
                eventID: try fields.identifier("id", maxBytes: maxIdentifierBytes), position: try fields.count("position"),
                version: try fields.count("version"), subject: try fields.identifier("subject", maxBytes: maxIdentifierBytes),
                requestedBy: try fields.optionalString("requestedBy") ?? "", occurredAt: try fields.time("at"),
                recordedAt: try fields.time("recordedAt"), chain: try fields.chain("chain"), sessions: Int(try fields.count("sessions")),
                closedSessions: try fields.optionalStringArray("closedSessions") ?? []))
        default:
            try fields.requireOnly(Self.baseSessionFields)
            let state = try fields.object("state")
            var json = JSONWriter(capacity: 512)
            json.value(.object(state.members))
            return .session(LogBaseImage.Session(
                session: try fields.identifier("session", maxBytes: maxIdentifierBytes), version: try fields.count("version"),
                state: json.text))
        }
    }
}

extension IngestFields {
    /// A whole number from 0 to 2^53 (a position, a version, a count), written as a JSON number.
    func count(_ field: String) throws(SheetLogError) -> Int64 {
        guard let value = members.first(where: { $0.key == field })?.value else { throw failure(field, "is missing") }
        guard case .number(let number) = value else { throw failure(field, "must be a number, found \(value.kindName)") }
        guard number >= 0, number <= 9_007_199_254_740_992, number.rounded(.towardZero) == number else {
            throw failure(field, "must be a whole number from 0 to 2^53")
        }
        return Int64(number)
    }

    /// A time in the format of `at`, as milliseconds since 1970.
    func time(_ field: String) throws(SheetLogError) -> Int64 {
        guard let milliseconds = ISO8601Milliseconds.parse(try string(field)) else {
            throw failure(field, "must be an ISO-8601 time such as 2026-01-01T09:30:00.000Z")
        }
        return milliseconds
    }

    /// A chain value: 64 lowercase hexadecimal digits.
    func chain(_ field: String) throws(SheetLogError) -> [UInt8] {
        let text = try string(field)
        guard text.utf8.count == 64, text.utf8.allSatisfy({ (48...57).contains($0) || (97...102).contains($0) }),
              let bytes = Checksum.bytes(hex: text)
        else { throw failure(field, "must be 64 lowercase hexadecimal digits (a chain value)") }
        return bytes
    }
}
