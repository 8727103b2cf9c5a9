import Foundation
import SheetLogTestSupport

/// Runs the built `sheetlog-bench` binary and captures what it prints.
enum BenchBinary {
    typealias Run = ProductBinary.Run

    /// The `sheetlog-bench` executable in the products directory beside the test bundle.
    static let executable = ProductBinary.url("SheetLogBench")

    /// Runs `sheetlog-bench arguments…` with its temporary databases in `workDirectory`.
    static func run(_ arguments: [String], workDirectory: URL) throws -> Run {
        try ProductBinary.run(
            executable, ["--work-dir", workDirectory.appendingPathComponent("work-\(UUID().uuidString)").path] + arguments)
    }
}
