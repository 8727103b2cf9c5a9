import Foundation
import SheetLogIngest

/// A time given to `audit --since` or `--until`: an ISO-8601 time, or a plain date in UTC.
///
/// A date means the start of that day (00:00:00.000Z) for `--since`, and for `--until` the start of
/// the next day, so that `--until 2026-11-23` includes the whole of the 23rd (as a person reading
/// "until the 23rd" expects). A full time keeps its meaning: `--until` excludes it.
///
/// ```swift
/// AuditTimeArgument.milliseconds("2026-01-01", endOfDay: false)  // 1_767_225_600_000
/// AuditTimeArgument.milliseconds("2026-01-01", endOfDay: true)   // 1_767_312_000_000
/// ```
package enum AuditTimeArgument {
    /// The forms `--help` and the errors name.
    package static let forms = "an ISO-8601 time such as 2026-01-01T09:30:00.000Z or a date such as 2026-01-01"

    /// Milliseconds since 1970, or nil when `text` is neither form.
    package static func milliseconds(_ text: String, endOfDay: Bool) -> Int64? {
        if let time = ISO8601Milliseconds.parse(text) { return time }
        // YYYY-MM-DD exactly: the time parser checks the digits and the calendar.
        guard text.utf8.count == 10, let start = ISO8601Milliseconds.parse(text + "T00:00:00.000Z") else { return nil }
        return endOfDay ? start + 86_400_000 : start
    }

    /// The same instant as a `Date`, as ``AuditQuery`` takes it (it keeps the whole millisecond).
    package static func date(_ text: String, endOfDay: Bool) -> Date? {
        milliseconds(text, endOfDay: endOfDay).map { Date(timeIntervalSince1970: Double($0) / 1_000) }
    }
}
