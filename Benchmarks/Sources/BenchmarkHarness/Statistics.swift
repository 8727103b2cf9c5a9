import SheetLogCore

/// Order statistics of benchmark samples: median, extremes and percentiles.
///
/// Percentiles use the nearest-rank definition (the smallest sample with at least `p` % of the
/// samples at or below it), so every reported value is a value that was actually measured.
///
/// ```swift
/// let p99 = try Statistics.percentile(99, of: latencies)
/// ```
package enum Statistics {
    /// The middle sample; the mean of the two middle samples for an even count.
    package static func median(of samples: [Double]) throws(SheetLogError) -> Double {
        let sorted = try sortedNonEmpty(samples, operation: "median")
        let middle = sorted.count / 2
        return sorted.count.isMultiple(of: 2) ? (sorted[middle - 1] + sorted[middle]) / 2 : sorted[middle]
    }

    /// The nearest-rank `percent` percentile (0 < percent ≤ 100) of `samples`.
    package static func percentile(_ percent: Double, of samples: [Double]) throws(SheetLogError) -> Double {
        guard percent > 0, percent <= 100 else {
            throw SheetLogError(
                .invalidInput, "A percentile must lie in (0, 100]; \(percent) was asked for.",
                context: SheetLogError.Context(operation: "percentile"))
        }
        let sorted = try sortedNonEmpty(samples, operation: "percentile")
        let rank = Int((percent / 100 * Double(sorted.count)).rounded(.up))
        return sorted[max(rank, 1) - 1]
    }

    /// Median, minimum and maximum of `samples`.
    package static func summary(of samples: [Double]) throws(SheetLogError) -> Summary {
        let sorted = try sortedNonEmpty(samples, operation: "summary")
        return Summary(median: try median(of: sorted), minimum: sorted[0], maximum: sorted[sorted.count - 1],
                       count: sorted.count)
    }

    /// `numerators[i] / denominators[i]` for each pair; the arrays must have the same length.
    package static func ratios(_ numerators: [Double], over denominators: [Double]) throws(SheetLogError) -> [Double] {
        guard numerators.count == denominators.count else {
            throw SheetLogError(
                .invalidInput,
                "Per-pair ratios need as many numerators as denominators (\(numerators.count) vs \(denominators.count)).",
                context: SheetLogError.Context(operation: "ratios"))
        }
        var result: [Double] = []
        result.reserveCapacity(numerators.count)
        for (numerator, denominator) in zip(numerators, denominators) {
            guard denominator != 0 else {
                throw SheetLogError(
                    .invalidInput, "A per-pair ratio has a zero denominator at pair \(result.count + 1).",
                    context: SheetLogError.Context(operation: "ratios"))
            }
            result.append(numerator / denominator)
        }
        return result
    }

    private static func sortedNonEmpty(_ samples: [Double], operation: String) throws(SheetLogError) -> [Double] {
        guard !samples.isEmpty else {
            throw SheetLogError(
                .invalidInput, "The \(operation) of an empty sample set is undefined.",
                context: SheetLogError.Context(operation: operation))
        }
        guard !samples.contains(where: \.isNaN) else {
            throw SheetLogError(
                .invalidInput, "The \(operation) of samples containing NaN is undefined.",
                context: SheetLogError.Context(operation: operation))
        }
        return samples.sorted()
    }
}
