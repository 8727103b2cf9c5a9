/// Whether a run's ratios moved beyond the noise a reference and the run showed between their
/// pairs, and the range the run's median had to stay in.
///
/// A figure moved only when its two min–max ranges do not overlap: every pair of the run is
/// worse (or better) than every pair of the reference. Put as a band around the run's median, the
/// reference's range is widened by the run's own spread: `[reference.minimum × median / maximum,
/// reference.maximum × median / minimum]` of the run — the sum of both runs' spreads around
/// their medians, so a noisy figure gets a wide band and a stable one (size) a narrow one.
///
/// Why not narrower: when nothing changed and the pairs are exchangeable, all n run pairs land
/// above all m reference pairs with probability 1 / C(n + m, n) — 1 in 252 for 5 and 5 pairs — while
/// a band of either run's spread alone flagged a replay figure of an unchanged build (this
/// machine's load shifts a whole run, not single pairs).
///
/// ```swift
/// let band = NoiseBand(reference: referenceRatio, run: runRatio)
/// band.movement   // .within, .above or .below
/// ```
public struct NoiseBand: Sendable, Hashable {
    /// Where the run's ratios lie against the reference's.
    public enum Movement: Sendable, Hashable {
        case within
        /// Every pair of the run above every pair of the reference.
        case above
        /// Every pair of the run below every pair of the reference.
        case below
    }

    /// The lowest median the run could have had and still overlap the reference; 0 when a ratio ≤ 0.
    public var lower: Double
    /// The highest such median; infinite when a ratio ≤ 0, which no measurement gives.
    public var upper: Double
    public var movement: Movement

    public init(reference: Summary, run: Summary) {
        // Decided on the ranges themselves, so that equal ratios never round into a movement.
        if run.minimum > reference.maximum {
            movement = .above
        } else if run.maximum < reference.minimum {
            movement = .below
        } else {
            movement = .within
        }
        let valid = run.minimum > 0 && run.maximum > 0
        lower = valid ? reference.minimum * run.median / run.maximum : 0
        upper = valid ? reference.maximum * run.median / run.minimum : .infinity
    }
}
