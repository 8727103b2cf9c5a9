import Foundation

/// The machine a benchmark ran on, recorded beside the figures because absolute times depend on it.
package struct MachineInfo: Sendable, Hashable, Codable {
    /// Processors available to this process (what `nproc` prints).
    package var processorCount: Int
    package var memoryBytes: UInt64
    package var operatingSystem: String
    /// The CPU model from /proc/cpuinfo, when readable.
    package var cpuModel: String?

    package init(processorCount: Int, memoryBytes: UInt64, operatingSystem: String, cpuModel: String?) {
        self.processorCount = processorCount
        self.memoryBytes = memoryBytes
        self.operatingSystem = operatingSystem
        self.cpuModel = cpuModel
    }

    /// The machine this process runs on.
    package static func current() -> MachineInfo {
        let info = ProcessInfo.processInfo
        return MachineInfo(
            processorCount: info.activeProcessorCount, memoryBytes: info.physicalMemory,
            operatingSystem: info.operatingSystemVersionString, cpuModel: cpuModelName())
    }

    private static func cpuModelName() -> String? {
        guard let text = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8) else { return nil }
        let line = text.split(separator: "\n").first { $0.hasPrefix("model name") }
        return line?.split(separator: ":", maxSplits: 1).last.map { $0.trimmingCharacters(in: .whitespaces) }
    }
}
