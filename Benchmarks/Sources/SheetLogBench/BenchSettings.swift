/// The sizes and repetition counts of one benchmark run, resolved from the command line.
struct BenchSettings: Sendable {
    /// Events in the workload (the "1M" of the table).
    var events: Int
    /// Pairs of runs per figure (≥ 3).
    var pairs: Int
    /// Appends timed in one run of the append figures.
    var appendsPerRun: Int
    /// Audit SELECTs timed in one run of the audit figure.
    var queriesPerRun: Int
    /// Stream reads in one run of the replay figure (its value is their median).
    var readsPerRun: Int
    /// The small log of the scaling figures (recovery, audit).
    var smallEvents: Int
    var seed: UInt64

    static func resolve(events: Int?, pairs: Int, quick: Bool, seed: UInt64) -> BenchSettings {
        let total = events ?? (quick ? 100_000 : 1_000_000)
        return BenchSettings(
            events: total, pairs: pairs, appendsPerRun: quick ? 200 : 1_000, queriesPerRun: quick ? 50 : 300,
            readsPerRun: quick ? 5 : 20, smallEvents: min(10_000, total), seed: seed)
    }

    /// "1M", "100k", "10k", "2500": how the report names a log size.
    static func sizeLabel(_ count: Int) -> String {
        if count >= 1_000_000, count.isMultiple(of: 1_000_000) { return "\(count / 1_000_000)M" }
        if count >= 1_000, count.isMultiple(of: 1_000) { return "\(count / 1_000)k" }
        return "\(count)"
    }
}
