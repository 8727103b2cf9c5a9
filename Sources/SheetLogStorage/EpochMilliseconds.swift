import Foundation

/// Converts between the log's times (milliseconds since 1970, as `occurred_at` and `recorded_at`
/// store them) and the `Date`s apps pass and read.
///
/// ```swift
/// assert(EpochMilliseconds.date(1_767_225_600_250) == Date(timeIntervalSince1970: 1_767_225_600.25))
/// assert(EpochMilliseconds.ceiling(Date(timeIntervalSince1970: 1_767_225_600.2504)) == 1_767_225_600_251)
/// ```
package enum EpochMilliseconds {
    /// The instant `milliseconds` after 1970-01-01T00:00:00Z.
    package static func date(_ milliseconds: Int64) -> Date {
        Date(timeIntervalSince1970: Double(milliseconds) / 1_000)
    }

    package static func date(_ milliseconds: Int64?) -> Date? {
        milliseconds.map(date)
    }

    /// The whole millisecond `date` falls in, as the database's clock takes the time of a command.
    package static func floor(_ date: Date) -> Int64 {
        let milliseconds = date.timeIntervalSince1970 * 1_000
        let nearest = milliseconds.rounded()
        if abs(milliseconds - nearest) < 0.001 { return Int64(nearest) }
        return Int64(milliseconds.rounded(.down))
    }

    /// The first whole millisecond at or after `date`, so that `occurred_at >= ceiling(since)`
    /// holds exactly for the stored times at or after `since`, and `occurred_at < ceiling(until)`
    /// for those before `until`.
    ///
    /// A `Date` made from whole milliseconds comes back as that millisecond: `Double` keeps a
    /// time of this century to about a tenth of a microsecond, so a value within a microsecond
    /// of a whole millisecond is taken for it, never rounded up past it.
    package static func ceiling(_ date: Date) -> Int64 {
        let milliseconds = date.timeIntervalSince1970 * 1_000
        let nearest = milliseconds.rounded()
        if abs(milliseconds - nearest) < 0.001 { return Int64(nearest) }
        return Int64(milliseconds.rounded(.up))
    }
}
