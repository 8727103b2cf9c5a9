/// Which way a figure's ratio improves, so that a comparison can tell better from worse.
///
/// ```swift
/// RatioDirection.of(figure)   // .lowerIsBetter for "durable append" (target ≤ 1.3)
/// ```
package enum RatioDirection: String, Sendable, Hashable, Codable {
    /// Time or bytes per SheetLog unit of work: a higher ratio is a regression.
    case lowerIsBetter
    /// Throughput: a lower ratio is a regression.
    case higherIsBetter

    /// The figure's target says it (`atMost`: lower is better, `atLeast`: higher); a figure
    /// reported without a target (a p99, the baseline's own growth) goes by its unit.
    package static func of(_ figure: Figure) -> RatioDirection {
        switch figure.target?.bound {
        case .atMost: return .lowerIsBetter
        case .atLeast: return .higherIsBetter
        case nil: return of(figure.unit)
        }
    }

    /// Times and sizes are better lower, rates higher.
    package static func of(_ unit: FigureUnit) -> RatioDirection {
        switch unit {
        case .microseconds, .milliseconds, .seconds, .bytesPerEvent: .lowerIsBetter
        case .eventsPerSecond: .higherIsBetter
        }
    }
}
