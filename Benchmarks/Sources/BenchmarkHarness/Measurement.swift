import SheetLogCore

/// What one run of one side of a figure measured: its headline value and the samples behind it.
///
/// A run of the durable-append figure, for example, times 1,000 appends: `samples` holds each
/// latency in µs and `value` their median. A throughput run has one value and no samples.
///
/// ```swift
/// let run = Measurement.latencies(nanoseconds: timings)   // value: p50 in µs
/// let p99 = try run.percentile(99)
/// ```
package struct Measurement: Sendable, Hashable, Codable {
    /// The run's result in the figure's unit.
    package var value: Double
    /// Per-operation samples in the same unit, when the run is made of many operations.
    package var samples: [Double]

    package init(value: Double, samples: [Double] = []) {
        self.value = value
        self.samples = samples
    }

    /// A run of timed operations: samples in µs, value their median.
    package static func latencies(nanoseconds: [Int64]) throws(SheetLogError) -> Measurement {
        let microseconds = nanoseconds.map { Double($0) / 1_000 }
        return Measurement(value: try Statistics.median(of: microseconds), samples: microseconds)
    }

    /// The nearest-rank percentile of the samples (of the value alone when there are none).
    package func percentile(_ percent: Double) throws(SheetLogError) -> Double {
        try Statistics.percentile(percent, of: samples.isEmpty ? [value] : samples)
    }
}
