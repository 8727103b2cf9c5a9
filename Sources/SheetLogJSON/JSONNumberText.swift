/// Whether a JSON number can be stored exactly: SheetLog holds numbers as `Double`s and writes them
/// back in their shortest round-trip form, so a number is accepted only when that form has the
/// same decimal value as the text it came in as.
///
/// `0.1`, `47.50` and `1e3` pass (they print back as `0.1`, `47.5`, `1000`); `9007199254740993`
/// (→ …992), `1e-400` (→ 0) and a 30-digit integer (→ 1.2345678901234568e+29) do not, and
/// `1e400` is out of range. Every reader of the package applies it (see ``JSONReader``).
package enum JSONNumberText {
    package enum Verdict: Sendable, Hashable {
        /// The double prints back to the same decimal value.
        case exact
        /// The nearest double has another value (too many digits, or an underflow to zero).
        case inexact
        /// The nearest double is an infinity.
        case outOfRange
    }

    /// The verdict on `literal`, a number that already matched JSON's grammar.
    package static func verdict(_ literal: UnsafeBufferPointer<UInt8>) -> Verdict {
        let shape = Decimal(literal, keepingDigits: false)
        // Up to 15 significant digits, well inside the normal range, every decimal survives the
        // trip through a double (DBL_DIG): the common case needs no conversion and no allocation.
        if shape.significantDigits <= 15, (-290...290).contains(shape.exponent) { return .exact }
        guard let number = Double(String(decoding: literal, as: UTF8.self)) else {
            return shape.exponent < 0 ? .inexact : .outOfRange
        }
        guard number.isFinite else { return .outOfRange }
        var printed = number.description
        let text = Decimal(literal, keepingDigits: true)
        return printed.withUTF8 { Decimal($0, keepingDigits: true) } == text ? .exact : .inexact
    }

    /// A decimal number as its significant digits (no leading or trailing zeros) and the power of
    /// ten that makes `0.<digits>` its magnitude; zero has no digits, whatever its sign.
    private struct Decimal: Equatable {
        var negative = false
        var significantDigits = 0
        /// The significant digits themselves, when asked for.
        var digits: [UInt8] = []
        var exponent = 0

        /// Reads a JSON number, or `Double.description`'s form of one (`1.5e+20`, `1e-05`).
        init(_ text: UnsafeBufferPointer<UInt8>, keepingDigits: Bool) {
            var index = 0
            if index < text.count, text[index] == UInt8(ascii: "-") {
                negative = true
                index += 1
            }
            var pointPosition: Int?
            var leadingZeros = 0
            var mantissaDigits = 0
            var seen = 0
            while index < text.count {
                let byte = text[index]
                if byte == UInt8(ascii: ".") {
                    pointPosition = mantissaDigits
                } else if byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
                    if seen == 0 && byte == UInt8(ascii: "0") {
                        leadingZeros += 1
                    } else {
                        seen += 1
                        if byte != UInt8(ascii: "0") { significantDigits = seen }
                        if keepingDigits { digits.append(byte) }
                    }
                    mantissaDigits += 1
                } else {
                    break
                }
                index += 1
            }
            var power = 0
            if index < text.count, text[index] == UInt8(ascii: "e") || text[index] == UInt8(ascii: "E") {
                index += 1
                var sign = 1
                if index < text.count, text[index] == UInt8(ascii: "+") || text[index] == UInt8(ascii: "-") {
                    if text[index] == UInt8(ascii: "-") { sign = -1 }
                    index += 1
                }
                // Clamped far beyond any double's range, so that a huge exponent cannot overflow.
                while index < text.count, text[index] >= UInt8(ascii: "0"), text[index] <= UInt8(ascii: "9") {
                    power = min(power * 10 + Int(text[index] - UInt8(ascii: "0")), 100_000_000)
                    index += 1
                }
                power *= sign
            }
            if keepingDigits { digits.removeLast(digits.count - significantDigits) }
            if significantDigits == 0 {
                negative = false
                return
            }
            exponent = (pointPosition ?? mantissaDigits) - leadingZeros + power
        }
    }
}
