import PropertyBased
import SheetLogCore
import SheetLogPush
import Testing

/// The pusher's decisions, against a model written apart from `PushBackoff`: which statuses are
/// retried (the issue's list, nothing else), how long each retry waits, and when it stops.
@Suite struct PushBackoffTests {
    /// The model: the statuses a device sends again, as the protocol lists them.
    static let retried: Set<Int> = [429, 502, 503, 504]

    @Test func delaysDoubleFromOneSecondToSixtyWithEqualJitter() {
        var low = PushBackoff(), high = PushBackoff()
        var lows: [Duration] = [], highs: [Duration] = []
        for _ in 0..<9 {
            guard case let .retry(delay) = low.next(after: .unreachable(reason: "refused"), jitter: 0) else { Issue.record("no retry"); return }
            lows.append(delay)
            guard case let .retry(other) = high.next(after: .refused(status: 503, code: "unavailable", message: ""), jitter: 0.999_999_9)
            else { Issue.record("no retry"); return }
            highs.append(other)
        }
        #expect(lows == [0.5, 1, 2, 4, 8, 16, 30, 30, 30].map { Duration.milliseconds(Int64($0 * 1_000)) })
        for (high, bound) in zip(highs, [1, 2, 4, 8, 16, 32, 60, 60, 60]) {
            #expect(high < .seconds(bound) && high > .seconds(bound) * 0.99, "\(high) vs bound \(bound) s")
        }
        #expect(low.failures == 9)
    }

    @Test func retryAfterIsHonouredUpToAnHour() {
        var backoff = PushBackoff()
        #expect(backoff.next(after: .refused(status: 429, code: "rateLimited", message: "", retryAfterSeconds: 120), jitter: 0.5) == .retry(after: .seconds(120)))
        // Shorter than the backoff's own delay: the longer one wins.
        #expect(backoff.next(after: .refused(status: 429, code: "rateLimited", message: "", retryAfterSeconds: 0), jitter: 0) == .retry(after: .seconds(1)))
        #expect(backoff.next(after: .refused(status: 503, code: "unavailable", message: "", retryAfterSeconds: 1_000_000_000), jitter: 0)
            == .retry(after: .seconds(3_600)))
    }

    @Test func aStoredBatchOrAGapStartsTheDelaysAgain() {
        var backoff = PushBackoff()
        for _ in 0..<5 { _ = backoff.next(after: .unreachable(reason: "timeout"), jitter: 0) }
        #expect(backoff.next(after: .stored(storedThrough: 40, chain: [1]), jitter: 0) == .acknowledge(through: 40, chain: [1]))
        #expect(backoff.failures == 0)
        #expect(backoff.next(after: .unreachable(reason: "timeout"), jitter: 0) == .retry(after: .milliseconds(500)))
        #expect(backoff.next(after: .refused(status: 409, code: "gap", message: "", storedThrough: 30), jitter: 0) == .resume(after: 30))
        #expect(backoff.next(after: .unreachable(reason: "timeout"), jitter: 0) == .retry(after: .milliseconds(500)))
    }

    @Test func aGapAskedTwiceAtTheSamePositionStops() throws {
        var backoff = PushBackoff()
        #expect(backoff.next(after: .refused(status: 409, code: "gap", message: "", storedThrough: 7), jitter: 0) == .resume(after: 7))
        guard case let .stop(error) = backoff.next(after: .refused(status: 409, code: "gap", message: "", storedThrough: 7), jitter: 0) else {
            Issue.record("a second gap at 7 did not stop")
            return
        }
        #expect(error.code == .pushRefused)
        #expect(error.message.contains("after position 7"), "\(error.message)")
        // A gap elsewhere, or after a stored batch, resumes again.
        var other = PushBackoff()
        _ = other.next(after: .refused(status: 409, code: "gap", message: "", storedThrough: 7), jitter: 0)
        _ = other.next(after: .stored(storedThrough: 9, chain: []), jitter: 0)
        #expect(other.next(after: .refused(status: 409, code: "gap", message: "", storedThrough: 7), jitter: 0) == .resume(after: 7))
        #expect(PushBackoffTests.stops(.refused(status: 409, code: "gap", message: "")), "a gap without its position")
    }

    @Test func aForkStopsAsAHistoryMismatchInOneBoundedLine() throws {
        var backoff = PushBackoff()
        let message = "the batch differs from the stored log at position 12\nsecond line\u{1b}[31m" + String(repeating: "x", count: 1_000)
        guard case let .stop(error) = backoff.next(after: .refused(status: 409, code: "fork", message: message), jitter: 0) else {
            Issue.record("a fork did not stop")
            return
        }
        #expect(error.code == .historyMismatch)
        #expect(error.message.hasPrefix("the collector refused the batch (HTTP 409 fork): the batch differs from the stored log at position 12 second line"))
        #expect(!error.message.contains("\n") && !error.message.contains("\u{1b}"))
        #expect(error.message.count < 400)
    }

    /// Every status from 100 to 599, as the model classes it.
    @Test(arguments: 100...599) func eachStatusIsRetriedOrStopsAsTheProtocolSays(status: Int) {
        var backoff = PushBackoff()
        let action = backoff.next(after: .refused(status: status, code: "some", message: "m", retryAfterSeconds: 2), jitter: 0.3)
        switch action {
        case let .retry(delay):
            #expect(Self.retried.contains(status), "HTTP \(status) is retried")
            #expect(delay == .seconds(2), "Retry-After 2 s over a first delay under 1 s")
        case let .stop(error):
            #expect(!Self.retried.contains(status), "HTTP \(status) stops")
            #expect(error.code == .pushRefused)
            #expect(error.message.contains("HTTP \(status) some"))
        case .acknowledge, .resume:
            Issue.record("HTTP \(status) with code \"some\": \(action)")
        }
    }

    /// Any sequence of replies: a retry waits [b/2, b) for the model's bound b (or the honoured
    /// Retry-After when longer), the bound grows with the retries in a row and starts again after a
    /// stored batch or a gap, and nothing but the model's statuses and failed connections is retried.
    @Test func anySequenceOfRepliesFollowsTheModel() async {
        // Full size in every run: 300 sequences take 0.01 s.
        await propertyCheck(count: 300, input: Gen.int(in: 0...99_999).array(of: 1...40)) { numbers in
            Self.check(numbers.map { (Self.reply($0 % 100), Double($0 / 100) / 1_000) })
        }
    }

    /// A reply of each kind, by a roll of 0 to 99.
    static func reply(_ roll: Int) -> PushReply {
        switch roll {
        case 0..<25:
            return .unreachable(reason: "reset")
        case 25..<45:
            return .refused(status: [429, 502, 503, 504][roll % 4], code: "busy", message: "", retryAfterSeconds: roll % 3 == 0 ? roll * 7 : nil)
        case 45..<70:
            return .stored(storedThrough: Int64(roll), chain: [UInt8(roll)])
        case 70..<80:
            return .refused(status: 409, code: "gap", message: "", storedThrough: Int64(roll))
        default:
            return .refused(status: [400, 401, 403, 404, 409, 413, 500][roll % 7], code: roll % 7 == 4 ? "fork" : "no", message: "")
        }
    }

    static func check(_ steps: [(PushReply, Double)]) {
        var backoff = PushBackoff()
        var inARow = 0
        var lastGap: Int64?
        for (reply, jitter) in steps {
            let action = backoff.next(after: reply, jitter: jitter)
            switch reply {
            case let .stored(through, chain):
                #expect(action == .acknowledge(through: through, chain: chain))
                inARow = 0
                lastGap = nil
            case .unreachable:
                guard case let .retry(delay) = action else { Issue.record("\(reply) → \(action)"); return }
                inARow += 1
                expect(delay, withinBoundOf: inARow, retryAfter: nil)
            case let .refused(status, code, _, storedThrough, retryAfter):
                if status == 409, code == "gap", let storedThrough, storedThrough != lastGap {
                    #expect(action == .resume(after: storedThrough))
                    inARow = 0
                    lastGap = storedThrough
                } else if retried.contains(status) {
                    guard case let .retry(delay) = action else { Issue.record("\(reply) → \(action)"); return }
                    inARow += 1
                    expect(delay, withinBoundOf: inARow, retryAfter: retryAfter)
                } else {
                    guard case .stop = action else { Issue.record("\(reply) → \(action)"); return }
                    return
                }
            }
            #expect(backoff.failures == inARow)
        }
    }

    static func expect(_ delay: Duration, withinBoundOf retries: Int, retryAfter: Int?) {
        let bound = Duration.seconds(min(60, 1 << min(retries - 1, 10)))
        let honoured = retryAfter.map { Duration.seconds(min($0, 3_600)) } ?? .zero
        if honoured >= bound / 2 {
            #expect(delay >= honoured && delay <= max(honoured, bound), "\(delay): Retry-After \(String(describing: retryAfter)), retry \(retries)")
        } else {
            #expect(delay >= bound / 2 && delay < bound, "\(delay) outside [\(bound / 2), \(bound)) at retry \(retries)")
        }
    }

    static func stops(_ reply: PushReply) -> Bool {
        var backoff = PushBackoff()
        if case .stop = backoff.next(after: reply, jitter: 0) { return true }
        return false
    }
}
