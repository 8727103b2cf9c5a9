import SheetLogIngest

/// Times as every view prints them: ISO-8601 UTC with milliseconds, or a dash when unknown.
package enum TimeText {
    package static func iso(_ milliseconds: Int64?) -> String? {
        milliseconds.map(ISO8601Milliseconds.format)
    }

    package static func describe(_ milliseconds: Int64?) -> String {
        iso(milliseconds) ?? "-"
    }
}
