extension JSONReader {
    /// Reads the number token at ``index``: checked against JSON's grammar and for exactness (a
    /// number no double holds exactly would change silently), then, when `converting`, converted
    /// by the standard library (0 otherwise).
    package mutating func number(converting: Bool = true) throws(JSONSyntaxError) -> Double {
        let start = index
        if current == UInt8(ascii: "-") { index += 1 }
        guard let first = current, first >= UInt8(ascii: "0"), first <= UInt8(ascii: "9") else {
            throw fail("invalid number")
        }
        if first == UInt8(ascii: "0") {
            index += 1
        } else {
            skipDigits()
        }
        if current == UInt8(ascii: ".") {
            index += 1
            guard skipDigits() > 0 else { throw fail("invalid number: no digits after '.'") }
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            index += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
            guard skipDigits() > 0 else { throw fail("invalid number: no digits in the exponent") }
        }
        if options.wholeNumbersOnly, bytes[start..<index].contains(where: { $0 == UInt8(ascii: ".") || $0 | 0x20 == UInt8(ascii: "e") }) {
            throw JSONSyntaxError(
                reason: "a number here is a whole number, written without '.' or an exponent", offset: start, problem: .notWholeNumber)
        }
        let literal = UnsafeBufferPointer(rebasing: bytes[start..<index])
        switch JSONNumberText.verdict(literal) {
        case .exact: break
        case .outOfRange: throw JSONSyntaxError(reason: "number out of range (not finite)", offset: start)
        case .inexact: throw JSONSyntaxError(reason: "number cannot be stored exactly", offset: start, problem: .inexactNumber)
        }
        guard converting else { return 0 }
        guard let number = Double(String(decoding: literal, as: UTF8.self)), number.isFinite else {
            throw JSONSyntaxError(reason: "number out of range (not finite)", offset: start)
        }
        return number
    }

    @discardableResult
    private mutating func skipDigits() -> Int {
        let start = index
        while let byte = current, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") { index += 1 }
        return index - start
    }
}
