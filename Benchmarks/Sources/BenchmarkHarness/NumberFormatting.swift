import Foundation

/// How the report prints numbers: about three significant digits, grouped thousands, no exponent.
package enum NumberFormatting {
    /// `1234567` → "1,234,567"; `181.4` → "181"; `1.2345` → "1.23"; `0.007712` → "0.00771".
    package static func plain(_ value: Double) -> String {
        guard value.isFinite else { return value.isNaN ? "NaN" : (value > 0 ? "∞" : "-∞") }
        let magnitude = abs(value)
        // Three significant digits: 181 → 0 decimals, 18.3 → 1, 1.23 → 2, 0.00771 → 5.
        let decimals = magnitude == 0 ? 0 : max(0, 2 - Int(log10(magnitude).rounded(.down)))
        var text = String(format: "%.\(decimals)f", value)
        if decimals > 0 {
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
        }
        return decimals == 0 ? grouped(text) : text
    }

    /// "181 [175–190]": a summary's median and range.
    package static func summary(_ summary: Summary) -> String {
        "\(plain(summary.median)) [\(plain(summary.minimum))–\(plain(summary.maximum))]"
    }

    private static func grouped(_ digits: String) -> String {
        let negative = digits.hasPrefix("-")
        var body = Array(negative ? digits.dropFirst() : digits[...])
        var index = body.count - 3
        while index > 0 {
            body.insert(",", at: index)
            index -= 3
        }
        return (negative ? "-" : "") + String(body)
    }
}
