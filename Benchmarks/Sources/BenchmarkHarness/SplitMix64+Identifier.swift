import SheetLogTestSupport

extension SplitMix64 {
    /// A UUID-shaped lowercase identifier made of 128 random bits.
    package mutating func identifier() -> String {
        let high = String(next(), radix: 16), low = String(next(), radix: 16)
        let hex = Array(String(repeating: "0", count: 16 - high.count) + high
            + String(repeating: "0", count: 16 - low.count) + low)
        return [hex[0..<8], hex[8..<12], hex[12..<16], hex[16..<20], hex[20..<32]].map { String($0) }
            .joined(separator: "-")
    }
}
