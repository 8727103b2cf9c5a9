import Foundation

/// Runs the built `sheetlog-bench` binary and captures what it prints.
enum BenchBinary {
    struct Run {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// The `sheetlog-bench` executable in the products directory beside the test bundle.
    static let executable: URL = {
        let candidates = [
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
            Bundle.main.bundleURL, Bundle.main.bundleURL.deletingLastPathComponent(),
        ]
        for directory in candidates {
            var url = directory
            for _ in 0..<4 {
                let candidate = url.appendingPathComponent("sheetlog-bench")
                if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
                url = url.deletingLastPathComponent()
            }
        }
        return URL(fileURLWithPath: ".build/debug/sheetlog-bench")
    }()

    /// Runs `sheetlog-bench arguments…` with its temporary databases in `workDirectory`.
    static func run(_ arguments: [String], workDirectory: URL) throws -> Run {
        let process = Process()
        process.executableURL = executable
        process.arguments = ["--work-dir", workDirectory.appendingPathComponent("work-\(UUID().uuidString)").path]
            + arguments
        let stdout = Pipe(), stderr = Pipe()
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        // Read both pipes while the process runs, so that a full pipe never blocks it.
        let group = DispatchGroup()
        nonisolated(unsafe) var out = Data(), err = Data()
        DispatchQueue.global().async(group: group) { out = stdout.fileHandleForReading.readDataToEndOfFile() }
        DispatchQueue.global().async(group: group) { err = stderr.fileHandleForReading.readDataToEndOfFile() }
        process.waitUntilExit()
        group.wait()
        return Run(status: process.terminationStatus, stdout: String(decoding: out, as: UTF8.self),
                   stderr: String(decoding: err, as: UTF8.self))
    }
}
