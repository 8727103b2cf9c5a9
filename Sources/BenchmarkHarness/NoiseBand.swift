/// The range of ratios that count as "the same" as a reference: its median widened by the noise
/// both runs showed between their pairs.
///
/// Each run's spread is the factor by which its farthest pair lies from its median,
/// `max(maximum / median, median / minimum)`; the band takes the larger of the two runs' factors
/// and applies it on both sides of the reference median: `[median / factor, median × factor]`.
/// It is the union of both runs' min–max spreads around their medians, made symmetric and
/// multiplicative (a ratio twice as large and one half as large are equally far). A figure whose
/// pairs disagree gets a wide band; one whose pairs agree (size) a narrow one.
///
/// ```swift
/// let band = NoiseBand(reference: referenceRatio, run: runRatio)
/// band.contains(runRatio.median)
/// ```
public struct NoiseBand: Sendable, Hashable {
    /// ≥ 1; infinite when a summary holds a ratio ≤ 0, which no measurement gives.
    public var factor: Double
    public var lower: Double
    public var upper: Double

    public init(reference: Summary, run: Summary) {
        factor = max(Self.spread(of: reference), Self.spread(of: run))
        lower = reference.median / factor
        upper = reference.median * factor
    }

    /// Whether `ratio` lies in the band, its bounds included.
    public func contains(_ ratio: Double) -> Bool {
        ratio >= lower && ratio <= upper
    }

    /// How far, as a factor, the summary's farthest sample lies from its median.
    public static func spread(of summary: Summary) -> Double {
        guard summary.minimum > 0, summary.median > 0 else { return .infinity }
        return max(summary.maximum / summary.median, summary.median / summary.minimum, 1)
    }
}
