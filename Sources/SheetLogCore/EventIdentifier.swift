/// Event id helpers.
public enum EventIdentifier {
    /// A new random id: a version 4 UUID as lowercase text, e.g. `9b2f0c1e-5a7d-4c3b-8e21-0f6d7a4b9c10`.
    ///
    /// Its 122 random bits come from `SystemRandomNumberGenerator` (the system's CSPRNG). Foundation's
    /// `UUID()` on Linux opens, reads and closes `/dev/urandom` for each id, which was 7% of an
    /// append's time in the fast-append profile; the text is also written here directly instead of
    /// uppercased and then lowercased.
    public static func random() -> String {
        var generator = SystemRandomNumberGenerator()
        let high = generator.next() & 0xFFFF_FFFF_FFFF_0FFF | 0x0000_0000_0000_4000  // version 4
        let low = generator.next() & 0x3FFF_FFFF_FFFF_FFFF | 0x8000_0000_0000_0000  // variant 10
        return String(unsafeUninitializedCapacity: 36) { text in
            let digits: StaticString = "0123456789abcdef"
            var index = 0
            func put(_ value: UInt64, nibbles: Int) {
                for shift in stride(from: (nibbles - 1) * 4, through: 0, by: -4) {
                    text[index] = digits.utf8Start[Int((value >> UInt64(shift)) & 0xF)]
                    index += 1
                }
            }
            func dash() {
                text[index] = UInt8(ascii: "-")
                index += 1
            }
            put(high >> 32, nibbles: 8)
            dash()
            put(high >> 16, nibbles: 4)
            dash()
            put(high, nibbles: 4)
            dash()
            put(low >> 48, nibbles: 4)
            dash()
            put(low, nibbles: 12)
            return index
        }
    }
}
