/// ISO-8601 times with milliseconds, the format of `at` in ingest lines and of every time the
/// CLI prints: `2026-01-01T09:30:00.250Z`.
///
/// Hand-written (proleptic Gregorian calendar, UTC) so that parsing is strict, allocation-light
/// and independent of locale and Foundation's formatters.
///
/// ```swift
/// ISO8601Milliseconds.format(1_767_225_600_250)           // "2026-01-01T00:00:00.250Z"
/// ISO8601Milliseconds.parse("2026-01-01T01:00:00+01:00")  // 1_767_225_600_000
/// ```
public enum ISO8601Milliseconds {
    /// The time in UTC, always with three fraction digits.
    public static func format(_ milliseconds: Int64) -> String {
        let (days, msOfDay) = floorDivide(milliseconds, 86_400_000)
        let (year, month, day) = civil(fromDays: days)
        let hour = msOfDay / 3_600_000
        let minute = msOfDay / 60_000 % 60
        let second = msOfDay / 1_000 % 60
        let millisecond = msOfDay % 1_000
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T\(pad(hour, 2)):\(pad(minute, 2)):\(pad(second, 2)).\(pad(millisecond, 3))Z"
    }

    /// Milliseconds since 1970 for `YYYY-MM-DDTHH:MM:SS[.f{1,3}](Z|±HH:MM)`, or nil for any other text.
    public static func parse(_ text: String) -> Int64? {
        let bytes = Array(text.utf8)
        var index = 0
        func digits(_ count: Int) -> Int64? {
            guard index + count <= bytes.count else { return nil }
            var value: Int64 = 0
            for byte in bytes[index..<index + count] {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
                value = value * 10 + Int64(byte - UInt8(ascii: "0"))
            }
            index += count
            return value
        }
        func expect(_ character: Character) -> Bool {
            guard index < bytes.count, bytes[index] == character.asciiValue else { return false }
            index += 1
            return true
        }
        guard let year = digits(4), expect("-"), let month = digits(2), expect("-"), let day = digits(2), expect("T"),
              let hour = digits(2), expect(":"), let minute = digits(2), expect(":"), let second = digits(2)
        else { return nil }
        var millisecond: Int64 = 0
        if expect(".") {
            var count = 0
            while count < 3, let digit = digits(1) {
                millisecond = millisecond * 10 + digit
                count += 1
            }
            guard count > 0 else { return nil }
            for _ in count..<3 { millisecond *= 10 }
        }
        var offsetMinutes: Int64 = 0
        if expect("Z") {
        } else if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
            let sign: Int64 = bytes[index] == UInt8(ascii: "-") ? -1 : 1
            index += 1
            guard let offsetHour = digits(2), expect(":"), let offsetMinute = digits(2), offsetHour < 24, offsetMinute < 60
            else { return nil }
            offsetMinutes = sign * (offsetHour * 60 + offsetMinute)
        } else {
            return nil
        }
        guard index == bytes.count, (1...12).contains(month), day >= 1, day <= daysIn(month: month, year: year),
              hour < 24, minute < 60, second < 60
        else { return nil }
        let days = days(fromCivil: year, month, day)
        let seconds = days * 86_400 + hour * 3_600 + minute * 60 + second - offsetMinutes * 60
        return seconds * 1_000 + millisecond
    }

    private static func pad(_ value: Int64, _ width: Int) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }

    private static func floorDivide(_ value: Int64, _ divisor: Int64) -> (Int64, Int64) {
        let quotient = value >= 0 ? value / divisor : (value - divisor + 1) / divisor
        return (quotient, value - quotient * divisor)
    }

    private static func daysIn(month: Int64, year: Int64) -> Int64 {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    // Howard Hinnant's days_from_civil / civil_from_days.
    private static func days(fromCivil year: Int64, _ month: Int64, _ day: Int64) -> Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    private static func civil(fromDays days: Int64) -> (Int64, Int64, Int64) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
