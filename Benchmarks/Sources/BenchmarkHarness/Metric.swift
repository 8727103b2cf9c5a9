import SheetLogCore

/// Which number of a ``Measurement`` a figure reports: its headline value or a percentile of its samples.
///
/// ```swift
/// let p99s = try runs.baselineValues(.percentile(99))
/// ```
package struct Metric: Sendable {
    /// A short label shown after the figure's name, e.g. "p99"; empty for the headline value.
    package var label: String
    package var extract: @Sendable (Measurement) throws(SheetLogError) -> Double

    package init(label: String, extract: @escaping @Sendable (Measurement) throws(SheetLogError) -> Double) {
        self.label = label
        self.extract = extract
    }

    /// The measurement's headline value.
    package static let value = Metric(label: "") { $0.value }

    /// The nearest-rank percentile of the measurement's samples.
    package static func percentile(_ percent: Double) -> Metric {
        Metric(label: "p\(NumberFormatting.plain(percent))") { measurement throws(SheetLogError) in
            try measurement.percentile(percent)
        }
    }
}
