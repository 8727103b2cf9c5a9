import Foundation

/// Runs a built executable of this package (`sheetlog`) from the products directory the tests run from.
enum SheetLogBinary {
    struct Run {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    static func url(_ name: String) -> URL {
        let candidates = [
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
            Bundle.main.bundleURL, Bundle.main.bundleURL.deletingLastPathComponent(),
        ]
        for directory in candidates {
            var url = directory
            for _ in 0..<4 {
                let candidate = url.appendingPathComponent(name)
                if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
                url = url.deletingLastPathComponent()
            }
        }
        return URL(fileURLWithPath: ".build/debug/\(name)")
    }

    /// Runs `sheetlog arguments…` with no input and waits for it.
    static func run(_ arguments: [String]) throws -> Run {
        let process = Process()
        process.executableURL = url("sheetlog")
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment.removeValue(forKey: "SHEETLOG_DB")
        process.environment = environment
        let stdout = Pipe(), stderr = Pipe()
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        let group = DispatchGroup()
        nonisolated(unsafe) var out = Data(), err = Data()
        DispatchQueue.global().async(group: group) { out = stdout.fileHandleForReading.readDataToEndOfFile() }
        DispatchQueue.global().async(group: group) { err = stderr.fileHandleForReading.readDataToEndOfFile() }
        process.waitUntilExit()
        group.wait()
        return Run(status: process.terminationStatus, stdout: String(decoding: out, as: UTF8.self), stderr: String(decoding: err, as: UTF8.self))
    }
}
