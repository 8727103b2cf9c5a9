/// Median [minimum–maximum] of a set of samples, the way the report prints every figure.
public struct Summary: Sendable, Hashable, Codable {
    public var median: Double
    public var minimum: Double
    public var maximum: Double
    public var count: Int

    public init(median: Double, minimum: Double, maximum: Double, count: Int) {
        self.median = median
        self.minimum = minimum
        self.maximum = maximum
        self.count = count
    }
}
