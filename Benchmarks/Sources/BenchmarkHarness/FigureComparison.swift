/// One figure's line of a comparison: both ratios, the band that decided, and the verdict.
package struct FigureComparison: Sendable, Hashable {
    package var name: String
    package var direction: RatioDirection
    /// The reference's ratio; nil when the reference has none for this figure.
    package var reference: Summary?
    /// This run's ratio; nil when the run has no such figure or no ratio for it.
    package var run: Summary?
    /// Nil unless both ratios exist.
    package var band: NoiseBand?
    package var verdict: ComparisonVerdict

    /// `floor`: the smallest change of the median that can count as a move (see ``NoiseBand``).
    package init(name: String, direction: RatioDirection, reference: Summary?, run: Summary?,
                floor: Double = NoiseBand.defaultFloor) {
        self.name = name
        self.direction = direction
        self.reference = reference
        self.run = run
        guard let reference else {
            band = nil
            verdict = .unreferenced
            return
        }
        guard let run else {
            band = nil
            verdict = .missing
            return
        }
        let band = NoiseBand(reference: reference, run: run, floor: floor)
        self.band = band
        verdict = Self.verdict(band.movement, direction: direction)
    }

    /// This run's median over the reference's, minus one: +0.12 is 12 % higher.
    package var change: Double? {
        guard let reference, let run, reference.median != 0 else { return nil }
        return run.median / reference.median - 1
    }

    private static func verdict(_ movement: NoiseBand.Movement, direction: RatioDirection) -> ComparisonVerdict {
        switch (movement, direction) {
        case (.within, _): .same
        case (.above, .lowerIsBetter), (.below, .higherIsBetter): .worse
        case (.above, .higherIsBetter), (.below, .lowerIsBetter): .better
        }
    }
}
