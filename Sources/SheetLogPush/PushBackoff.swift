import SheetLogCore

/// What the pusher does after each reply of the collector: which replies are final, which are
/// retried and after how long. A value with no I/O and no clock: the caller sends, sleeps, and
/// draws the jitter.
///
/// - `200` acknowledges the batch; a `409` `gap` resumes from the collector's `storedThrough`.
/// - A failed connection, `429`, `502`, `503` and `504` are retried. The n-th in a row waits a delay
///   drawn from [b/2, b) with b = 1 s × 2ⁿ⁻¹ up to 60 s ("equal jitter": devices that failed together
///   spread out, and none comes back at once), and never less than `Retry-After`, itself taken up to
///   one hour (a wrong header must not park a device for ever).
/// - `400`, `401`, `403`, a `409` `fork`, `413` and any other status stop, with an error saying
///   what the collector refused: sending the batch again would be refused again.
/// - A second `gap` at the same `storedThrough` stops too: the collector was just sent what it
///   asked for, and asking again would loop for ever.
///
/// ```swift
/// var backoff = PushBackoff()
/// switch backoff.next(after: reply, jitter: Double.random(in: 0..<1)) {
/// case let .acknowledge(through, chain): try cursor.move(to: through, chain: chain)
/// case let .resume(after): next = after + 1
/// case let .retry(delay): try await Task.sleep(for: delay)
/// case let .stop(error): throw error
/// }
/// ```
public struct PushBackoff: Sendable, Hashable {
    /// The delay bound of the first retry in a row.
    public static let firstDelay: Duration = .seconds(1)
    /// The largest delay bound, whatever the number of retries.
    public static let maximumDelay: Duration = .seconds(60)
    /// The longest `Retry-After` honoured as it is.
    public static let maximumRetryAfter: Duration = .seconds(3_600)

    /// Retries in a row since the last reply that stored or resumed.
    public private(set) var failures = 0
    /// The `storedThrough` of the last gap, until a batch is stored.
    private var lastGap: Int64?

    public init() {}

    /// The action after `reply`; `jitter` is a number drawn from 0 ..< 1 (values outside are clamped).
    public mutating func next(after reply: PushReply, jitter: Double) -> PushAction {
        switch reply {
        case let .stored(storedThrough, chain):
            failures = 0
            lastGap = nil
            return .acknowledge(through: storedThrough, chain: chain)
        case .unreachable:
            return retry(retryAfterSeconds: nil, jitter: jitter)
        case let .refused(status, code, message, storedThrough, retryAfterSeconds):
            switch status {
            case 429, 502, 503, 504:
                return retry(retryAfterSeconds: retryAfterSeconds, jitter: jitter)
            case 409 where code == "gap":
                guard let storedThrough, storedThrough >= 0 else {
                    return .stop(Self.refusal(status, code, "a gap reply without the position the collector stores through"))
                }
                if lastGap == storedThrough {
                    return .stop(Self.refusal(
                        status, code, "the collector asked twice for the events after position \(storedThrough), though they were just sent"))
                }
                failures = 0
                lastGap = storedThrough
                return .resume(after: storedThrough)
            default:
                return .stop(Self.refusal(status, code, message))
            }
        }
    }

    /// The delay of the next retry: equal jitter over an exponential bound, at least `Retry-After`.
    private mutating func retry(retryAfterSeconds: Int?, jitter: Double) -> PushAction {
        failures += 1
        let bound = min(Self.maximumDelay, Self.firstDelay * (1 << min(failures - 1, 6)))
        let fraction = jitter.isNaN ? 0 : min(max(jitter, 0), 0.999_999)
        var delay = bound / 2 + (bound / 2) * fraction
        if let retryAfterSeconds, retryAfterSeconds > 0 {
            delay = max(delay, min(Self.maximumRetryAfter, .seconds(retryAfterSeconds)))
        }
        return .retry(after: delay)
    }

    /// The error a final refusal stops with: what the collector said, on one line and bounded (the
    /// message is the collector's, which never holds form values, but it crosses a network).
    static func refusal(_ status: Int, _ code: String, _ message: String) -> SheetLogError {
        let line = String(message.map { $0.isNewline || $0.unicodeScalars.contains { $0.properties.generalCategory == .control } ? " " : $0 }.prefix(300))
        // A fork is the one refusal an app acts on by itself (a new device id), so it has its own code.
        let errorCode: SheetLogError.Code = status == 409 && code == "fork" ? .historyMismatch : .pushRefused
        return SheetLogError(
            errorCode, "the collector refused the batch (HTTP \(status) \(code.isEmpty ? "without a code" : code)): \(line)",
            context: .init(operation: "push"))
    }
}
