import BenchmarkHarness
import SheetLogCore
import Testing

@Suite("Statistics")
struct StatisticsTests {
    @Test("the median of an odd count is the middle sample, whatever the order")
    func oddMedian() throws {
        #expect(try Statistics.median(of: [9, 1, 5]) == 5)
    }

    @Test("the median of an even count is the mean of the two middle samples")
    func evenMedian() throws {
        #expect(try Statistics.median(of: [4, 1, 3, 2]) == 2.5)
    }

    @Test("nearest-rank percentiles return measured samples")
    func percentiles() throws {
        let samples = (1...100).map(Double.init).reversed()
        #expect(try Statistics.percentile(50, of: Array(samples)) == 50)
        #expect(try Statistics.percentile(99, of: Array(samples)) == 99)
        #expect(try Statistics.percentile(100, of: Array(samples)) == 100)
        #expect(try Statistics.percentile(1, of: Array(samples)) == 1)
        #expect(try Statistics.percentile(99, of: [7, 3]) == 7)
        #expect(try Statistics.percentile(50, of: [7, 3]) == 3)
    }

    @Test("the summary holds median, extremes and count")
    func summary() throws {
        let summary = try Statistics.summary(of: [3, 10, 1, 4])
        #expect(summary == Summary(median: 3.5, minimum: 1, maximum: 10, count: 4))
    }

    @Test("empty samples, NaN and percentiles outside (0, 100] are refused as invalid input")
    func refusals() {
        #expect { try Statistics.median(of: []) } throws: { ($0 as? SheetLogError)?.code == .invalidInput }
        #expect { try Statistics.summary(of: [1, .nan]) } throws: { ($0 as? SheetLogError)?.code == .invalidInput }
        #expect { try Statistics.percentile(0, of: [1]) } throws: { ($0 as? SheetLogError)?.code == .invalidInput }
        #expect { try Statistics.percentile(101, of: [1]) } throws: { ($0 as? SheetLogError)?.code == .invalidInput }
    }

    @Test("ratios are taken pair by pair and refuse mismatched lengths and zero denominators")
    func ratios() throws {
        #expect(try Statistics.ratios([2, 9, 5], over: [1, 3, 10]) == [2, 3, 0.5])
        #expect { try Statistics.ratios([1, 2], over: [1]) } throws: { ($0 as? SheetLogError)?.code == .invalidInput }
        #expect { try Statistics.ratios([1], over: [0]) } throws: { ($0 as? SheetLogError)?.code == .invalidInput }
    }

    @Test("a latency measurement reports its p50 in µs and keeps every sample")
    func latencies() throws {
        let run = try Measurement.latencies(nanoseconds: [1_000, 3_000, 2_000, 100_000])
        #expect(run.value == 2.5)
        #expect(run.samples == [1, 3, 2, 100])
        #expect(try run.percentile(99) == 100)
        #expect(try Measurement(value: 4).percentile(99) == 4)
    }
}
