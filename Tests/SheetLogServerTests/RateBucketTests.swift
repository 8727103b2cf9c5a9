import SheetLogServer
import SheetLogTestSupport
import Testing

/// The collector's per-device token bucket against a model counting requests in exact time: a
/// request is allowed while those allowed so far are at most `burst` plus what `perSecond` refilled
/// since the bucket was last full.
@Suite struct RateBucketTests {
    @Test func aBurstThenTheRateAndAWaitThatIsEnough() {
        var bucket = RateBucket(perSecond: 2, burst: 3, now: .zero)
        #expect((0..<3).map { _ in bucket.take(at: .zero) } == [nil, nil, nil])
        let wait = bucket.take(at: .zero)
        #expect(wait == .milliseconds(500))
        #expect(bucket.take(at: .milliseconds(499)) != nil)
        #expect(bucket.take(at: .milliseconds(500)) == nil)
        #expect(bucket.take(at: .seconds(100)) == nil, "refilled, but never beyond the burst")
        #expect((0..<2).map { _ in bucket.take(at: .seconds(100)) } == [nil, nil])
        #expect(bucket.take(at: .seconds(100)) != nil)
        #expect(bucket.take(at: .seconds(50)) != nil, "a clock that went back adds nothing")
    }

    @Test func seededRunsAgreeWithACountingModel() {
        var generator = SplitMix64(seed: 42)
        for _ in 0..<200 {
            let perSecond = Double(generator.next() % 5 + 1)
            let burst = Int(generator.next() % 6 + 1)
            var bucket = RateBucket(perSecond: perSecond, burst: burst, now: .zero)
            // The model: tokens in thousandths, refilled per elapsed millisecond.
            var tokens = burst * 1_000
            var time = 0
            for _ in 0..<100 {
                let step = Int(generator.next() % 700)
                time += step
                tokens = min(burst * 1_000, tokens + Int(perSecond) * step)
                let allowed = tokens >= 1_000
                if allowed { tokens -= 1_000 }
                let wait = bucket.take(at: .milliseconds(time))
                #expect((wait == nil) == allowed, "perSecond \(perSecond) burst \(burst) at \(time) ms")
                if let wait {
                    let expected = Double(1_000 - tokens) / (perSecond * 1_000)
                    let seconds = Double(wait.components.seconds) + Double(wait.components.attoseconds) / 1e18
                    #expect(abs(seconds - expected) < 0.000_001)
                }
            }
        }
    }
}
