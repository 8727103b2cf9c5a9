/// SplitMix64 (Steele, Lea and Flood 2014): a seedable generator, so that every random test,
/// workload and benchmark replays exactly from the seed it prints.
///
/// ```swift
/// var random = SplitMix64(seed: 42)
/// let steps = random.below(10), flow = random.pick(["edit", "save"]), dirty = random.chance(30)
/// ```
public struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    public init(seed: UInt64) {
        state = seed
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `0..<bound`.
    public mutating func below(_ bound: Int) -> Int {
        Int.random(in: 0..<bound, using: &self)
    }

    /// True `percent` times in a hundred.
    public mutating func chance(_ percent: Int) -> Bool {
        below(100) < percent
    }

    /// One of `items`, which must not be empty.
    public mutating func pick<T>(_ items: [T]) -> T {
        items[below(items.count)]
    }

    /// The seed of run `index` of a series started from `seed`: runs differ, and each replays alone.
    public static func seed(_ seed: UInt64, run index: Int) -> UInt64 {
        var generator = SplitMix64(seed: seed ^ (UInt64(truncatingIfNeeded: index) &* 0xD1B5_4A32_D192_ED03))
        return generator.next()
    }
}
