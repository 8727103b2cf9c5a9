/// A tiny seeded generator, so that one generated number fixes every choice of a mutation
/// (and a failing input reproduces from the number alone).
struct SplitMix {
    private var state: UInt64

    init(_ seed: Int) { state = UInt64(truncatingIfNeeded: seed) }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }

    mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }
}
