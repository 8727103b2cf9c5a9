import SheetLogIngest

/// Where `replay --at`, `state --at` and the viewer's `at=` stop: a version of the session, or a time
/// (the state as it was at that moment).
///
/// ```swift
/// ReplayPoint("12")                        // .version(12)
/// ReplayPoint("2026-11-19T04:38:30Z")      // .time(1_795_063_110_000)
/// ```
package enum ReplayPoint: Sendable, Hashable {
    /// A version, 1 or more.
    case version(Int64)
    /// Milliseconds since 1970: the last version whose event's time is at or before it.
    case time(Int64)

    /// The forms the errors name.
    package static let forms = "a version of 1 or more or an ISO-8601 time such as 2026-01-01T09:30:00.000Z"

    /// Digits are a version (nil below 1), anything else an ISO-8601 time; nil when neither.
    package init?(_ text: String) {
        if !text.isEmpty, text.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) {
            guard let version = Int64(text), version >= 1 else { return nil }
            self = .version(version)
        } else if let time = ISO8601Milliseconds.parse(text) {
            self = .time(time)
        } else {
            return nil
        }
    }
}
