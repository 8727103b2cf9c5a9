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
/// The pairs of one run share its conditions, so a stable figure's narrow range can still move
/// between runs of one build (audit query growth: 1.01 [0.955–1.04], then 1.07 [1.06–1.65]). A
/// move must therefore also change the median by more than `floor` (a fraction, 0.1 for 10 %); the
/// band is at least the reference median ×/÷ (1 + floor).
///
/// ```swift
/// let band = NoiseBand(reference: referenceRatio, run: runRatio)
/// band.movement   // .within, .above or .below
/// ```
package struct NoiseBand: Sendable, Hashable {
    /// Where the run's ratios lie against the reference's.
    package enum Movement: Sendable, Hashable {
        case within
        /// Every pair of the run above every pair of the reference.
        case above
        /// Every pair of the run below every pair of the reference.
        case below
    }

    /// The lowest median the run could have had and still overlap the reference; 0 when a ratio ≤ 0.
    package var lower: Double
    /// The highest such median; infinite when a ratio ≤ 0, which no measurement gives.
    package var upper: Double
    package var movement: Movement

    /// The default ``init(reference:run:floor:)`` floor: 10 %.
    package static let defaultFloor = 0.1

    package init(reference: Summary, run: Summary, floor: Double = NoiseBand.defaultFloor) {
        let floorUpper = reference.median * (1 + floor), floorLower = reference.median / (1 + floor)
        // Decided on the ranges themselves, so that equal ratios never round into a movement.
        if run.minimum > reference.maximum, run.median > floorUpper {
            movement = .above
        } else if run.maximum < reference.minimum, run.median < floorLower {
            movement = .below
        } else {
            movement = .within
        }
        let valid = run.minimum > 0 && run.maximum > 0
        lower = min(valid ? reference.minimum * run.median / run.maximum : 0, floorLower)
        upper = max(valid ? reference.maximum * run.median / run.minimum : .infinity, floorUpper)
    }
}
