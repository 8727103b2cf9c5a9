/// The ratio a figure must reach, e.g. "≤ 1.3" (SheetLog at most 1.3× the baseline's time).
///
/// A figure meets its target when the median of its per-pair ratios satisfies the bound; the
/// minimum and maximum are reported beside it so that a lucky median is visible.
///
/// ```swift
/// let target = Target.atMost(1.3)
/// target.isMet(by: 1.21)   // true
/// ```
package struct Target: Sendable, Hashable, Codable, CustomStringConvertible {
    /// Which side of the threshold a ratio must fall on.
    package enum Bound: String, Sendable, Hashable, Codable {
        case atMost
        case atLeast
    }

    package var bound: Bound
    package var threshold: Double

    package init(_ bound: Bound, _ threshold: Double) {
        self.bound = bound
        self.threshold = threshold
    }

    package static func atMost(_ threshold: Double) -> Target { Target(.atMost, threshold) }
    package static func atLeast(_ threshold: Double) -> Target { Target(.atLeast, threshold) }

    /// Whether `ratio` satisfies the bound (the threshold itself counts as met).
    package func isMet(by ratio: Double) -> Bool {
        switch bound {
        case .atMost: ratio <= threshold
        case .atLeast: ratio >= threshold
        }
    }

    package var description: String {
        (bound == .atMost ? "≤ " : "≥ ") + NumberFormatting.plain(threshold)
    }
}
