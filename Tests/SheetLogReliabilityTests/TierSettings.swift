import Foundation
import SheetLogReliability

/// Sizes and the seed of the reliability tiers, scaled by environment variables so that
/// `Scripts/soak.sh` runs the same tests at the long tier's sizes.
///
/// `SHEETLOG_SEED` pins the base seed (a failing run logs it); `SHEETLOG_KILLS`,
/// `SHEETLOG_POWER_LOSSES` and `SHEETLOG_IO_FAULT_RUNS` / `SHEETLOG_IO_FAULT_SECONDS` scale the
/// runs; `SHEETLOG_SOAK_SUMMARY` names a file that receives one figures line per tier.
enum TierSettings {
    static let environment = ProcessInfo.processInfo.environment

    /// The base seed: pinned, or new for every run of the suite and logged.
    static let baseSeed: UInt64 = {
        if let pinned = environment["SHEETLOG_SEED"].flatMap(UInt64.init) { return pinned }
        var generator = SystemRandomNumberGenerator()
        return generator.next() >> 16  // short enough to copy from a log
    }()

    static let kills = integer("SHEETLOG_KILLS", default: 100)
    static let powerLosses = integer("SHEETLOG_POWER_LOSSES", default: 200)
    static let randomIOFaultRuns = integer("SHEETLOG_IO_FAULT_RUNS", default: 40)
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
