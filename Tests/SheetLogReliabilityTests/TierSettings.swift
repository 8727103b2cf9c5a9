import Foundation
import SheetLogReliability
import SheetLogTestSupport

/// Sizes and the seed of the reliability tiers, scaled by environment variables so that
/// `Scripts/soak.sh` runs the same tests at the long tier's sizes.
///
/// `SHEETLOG_SEED` pins the base seed (a failing run logs it); `SHEETLOG_KILLS`,
/// `SHEETLOG_POWER_LOSSES`, `SHEETLOG_PRUNE_POWER_LOSS_WRITES` and `SHEETLOG_IO_FAULT_RUNS` /
/// `SHEETLOG_IO_FAULT_SECONDS` scale the runs; `SHEETLOG_SOAK_SUMMARY` names a file that receives one figures line per tier.
enum TierSettings {
    static let environment = ProcessInfo.processInfo.environment

    /// The base seed: pinned, or new for every run of the suite and logged.
    static let baseSeed: UInt64 = {
        if let pinned = environment["SHEETLOG_SEED"].flatMap(UInt64.init) { return pinned }
        var generator = SystemRandomNumberGenerator()
        return generator.next() >> 16  // short enough to copy from a log
    }()

    // The defaults are `swift test`'s: sizes that find a regression in seconds (measured on 2 cores,
    // issue 36). Each run draws a new seed, so successive runs cover new crash points; the long tier
    // (`Scripts/soak.sh`: 2,000 kills, 5,000 power losses, 120 s of random I/O faults) runs the same
    // tests at full size, and `SHEETLOG_SOAK=1` alone restores the sizes every run used before (100,
    // 200, 40).

    /// 10 kills (~0.75 s each, a child process and a reopened file; 100 took 75 s): every kill lands
    /// inside a 40–340-append workload, so one run already meets acknowledged, in-flight and resent appends.
    static let kills = integer("SHEETLOG_KILLS", default: TestSize.cases(10, soak: 100))
    /// 40 power losses (~0.09 s each, 200 were 17.9 s): each tears and drops unsynced writes at a
    /// seeded crash point; 40 draw as many torn and dropped writes as the checker's teeth need. The
    /// sealed tier runs a fifth of this, at least 10.
    static let powerLosses = integer("SHEETLOG_POWER_LOSSES", default: TestSize.cases(40, soak: 200))
    /// Random writes of a prune at which the power is cut, besides every sync of it (4 here): 6 in
    /// `swift test` (a variant's 10 crash points take ~0.65 s on 2 cores; the syncs already cover the
    /// commit's before and after), 100 with `SHEETLOG_SOAK=1` (~4 s a variant).
    static let prunePowerLossWrites = integer("SHEETLOG_PRUNE_POWER_LOSS_WRITES", default: TestSize.cases(6, soak: 100))
    /// 10 random I/O faults (~0.15 s each, 40 were 6.1 s): the exhaustive append and restart tests
    /// beside it already fail every write and sync once; these only add random combinations.
    static let randomIOFaultRuns = integer("SHEETLOG_IO_FAULT_RUNS", default: TestSize.cases(10, soak: 40))
    /// When set, random I/O faults run for this long instead of ``randomIOFaultRuns`` times.
    static let randomIOFaultSeconds = environment["SHEETLOG_IO_FAULT_SECONDS"].flatMap(Double.init)

    private static func integer(_ name: String, default value: Int) -> Int {
        environment[name].flatMap(Int.init).map { max(1, $0) } ?? value
    }

    /// Logs a tier's figures, and appends them to the soak summary file when one is named.
    static func report(_ tier: String, _ figures: KeyValuePairs<String, Int>) {
        let text = figures.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
        let line = "reliability \(tier): \(text) seed=\(baseSeed)"
        print(line)
        guard let path = environment["SHEETLOG_SOAK_SUMMARY"],
              let handle = FileHandle(forWritingAtPath: path) ?? createFile(path)
        else { return }
        handle.seekToEndOfFile()
        handle.write(Data((line + "\n").utf8))
        try? handle.close()
    }

    private static func createFile(_ path: String) -> FileHandle? {
        _ = FileManager.default.createFile(atPath: path, contents: nil)
        return FileHandle(forWritingAtPath: path)
    }
}
