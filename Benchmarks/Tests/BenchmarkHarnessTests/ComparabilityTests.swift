import BenchmarkHarness
import SheetLogCore
import Testing

@Suite("Comparable conditions")
struct ComparabilityTests {
    private func conditions(sqlite: String = "3.40.1", seed: UInt64 = 42, _ changes: [String: Int] = [:])
        -> BenchmarkConditions {
        BenchmarkConditions(sqliteVersion: sqlite, seeds: ["workload": seed],
                            parameters: SyntheticReport.parameters.merging(changes) { $1 })
    }

    @Test("the same conditions, or another number of pairs, are comparable")
    func comparable() throws {
        #expect(conditions().differences(from: conditions()).isEmpty)
        #expect(conditions().differences(from: conditions(["pairs": 3])).isEmpty)
        try conditions().requireComparable(with: conditions(["pairs": 3]), referencePath: "reference.json")
    }

    @Test("another event count or appends per run is refused, naming both values and the file")
    func otherParameters() throws {
        let error = try #require(throws: SheetLogError.self) {
            try conditions().requireComparable(with: conditions(["events": 1_000_000, "appendsPerRun": 1_000]),
                                               referencePath: "docs/performance/reference.json")
        }
        #expect(error.code == .invalidInput)
        #expect(error.message.contains("The reference docs/performance/reference.json was made under other conditions"))
        #expect(error.message.contains("parameter appendsPerRun: 200 in the reference, 1000 in this run"))
        #expect(error.message.contains("parameter events: 100000 in the reference, 1000000 in this run"))
    }

    @Test("another SQLite version, another seed, or a parameter on one side only is refused")
    func otherLibraryOrSeed() {
        #expect(conditions().differences(from: conditions(sqlite: "3.46.1")) == [
            "SQLite version: 3.40.1 in the reference, 3.46.1 in this run",
        ])
        #expect(conditions().differences(from: conditions(seed: 7)) == [
            "seed workload: 42 in the reference, 7 in this run",
        ])
        #expect(conditions().differences(from: conditions(["batchSize": 10])) == [
            "parameter batchSize: absent in the reference, 10 in this run",
        ])
    }
}
