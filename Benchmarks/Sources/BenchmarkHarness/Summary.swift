/// Median [minimum–maximum] of a set of samples, the way the report prints every figure.
package struct Summary: Sendable, Hashable, Codable {
    package var median: Double
    package var minimum: Double
    package var maximum: Double
    package var count: Int

    package init(median: Double, minimum: Double, maximum: Double, count: Int) {
        self.median = median
        self.minimum = minimum
        self.maximum = maximum
        self.count = count
    }
}
