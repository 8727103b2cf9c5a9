import Foundation
import SheetLogCore

/// Sends a device's log to the collector, batch by batch after the acknowledged cursor, and moves
/// the cursor only once the collector answered 200 with a chain equal to the log's own at that
/// position. Retries what ``PushBackoff`` says to retry, stops on what it says to stop.
///
/// Killed at any moment, the next run starts from the cursor: at most the batch in flight is sent
/// again, and the collector answers it as stored, adding nothing.
///
/// ```swift
/// let pusher = Pusher(source: store, transport: try HTTPPushTransport(collector: url), device: "ipad-7", token: token)
/// let summary = try await pusher.run(follow: false) { state in print(state) }
/// ```
public struct Pusher: Sendable {
    public let source: any PushSource
    public let transport: any PushTransport
    public let device: String
    public let token: String
    /// Events and bytes each batch holds at most (keep within the collector's limits).
    public var limits: PushLimits
    /// With `follow`, how long to wait after the first new event for more to join its batch.
    public var linger: Duration
    /// Sleeps for the backoff's delays (tests pass their own).
    public var sleep: @Sendable (Duration) async throws -> Void
    /// Draws the backoff's jitter from 0 ..< 1.
    public var jitter: @Sendable () -> Double
    /// Milliseconds since 1970, for the cursor's `acknowledged_at`.
    public var now: @Sendable () -> Int64
    /// Shares the subjects' keys with the collector each time every event is sent; nil shares none.
    public var keySharing: KeySharing?

    public init(
        source: any PushSource, transport: any PushTransport, device: String, token: String, limits: PushLimits = .default,
        linger: Duration = .milliseconds(250)
    ) {
        self.source = source
        self.transport = transport
        self.device = device
        self.token = token
        self.limits = limits
        self.linger = linger
        sleep = { try await Task.sleep(for: $0) }
        jitter = { Double.random(in: 0..<1) }
        now = { Int64((Date().timeIntervalSince1970 * 1_000).rounded()) }
    }

    /// Pushes until the collector stores the whole log (or, with `follow`, until the task is
    /// cancelled), reporting each change of state to `onState`.
    ///
    /// Throws the ``PushBackoff`` stop's error (``SheetLogError/Code/pushRefused``),
    /// ``SheetLogError/Code/historyMismatch`` when the collector holds another history under this
    /// device id (a `409 fork`, another chain, more positions than the file holds: the message says
    /// to enrol a new device id), the log's own errors, and
    /// `CancellationError` when cancelled (the cursor is then where the last 200 put it).
    public func run(follow: Bool, onState: @Sendable (PushState) -> Void = { _ in }) async throws -> PushSummary {
        do {
            return try await pushing(follow: follow, onState: onState)
        } catch let error as SheetLogError {
            let error = error.code == .historyMismatch ? Self.spent(error, device: device) : error
            onState(.stopped(error))
            throw error
        }
    }

    private func pushing(follow: Bool, onState: @Sendable (PushState) -> Void) async throws -> PushSummary {
        let collector = transport.collector
        var summary = PushSummary()
        var next = (try await source.pushCursor(collector: collector, device: device)?.through ?? 0) + 1
        summary.acknowledgedThrough = next - 1
        // A pruned log holds nothing at or before its cut: it is sent from there, and a collector
        // that lacks the pruned part answers with a gap below the cut.
        let cut = try await source.pruneCut()
        if let cut, next <= cut.position { next = cut.position + 1 }
        var backoff = PushBackoff()
        var sharing = keySharing.map { KeySharingProgress(sharing: $0) }
        onState(.idle(acknowledgedThrough: next - 1))
        while true {
            try Task.checkCancellation()
            var events = try await source.events(after: next - 1, limit: limits.maxEvents)
            if events.isEmpty {
                // Every event is sent: the erasures among them reached the collector before any key.
                if sharing != nil, case let .retry(delay, reason) = try await shareKeys(&sharing!, backoff: &backoff, summary: &summary) {
                    summary.retries += 1
                    onState(.backingOff(until: Date().addingTimeInterval(Self.seconds(delay)), failures: backoff.failures, reason: reason))
                    try await sleep(delay)
                    continue
                }
                guard follow else {
                    onState(.finished(acknowledgedThrough: summary.acknowledgedThrough))
                    return summary
                }
                onState(.idle(acknowledgedThrough: summary.acknowledgedThrough))
                try await source.waitForEvents(after: next - 1)
                try await Task.sleep(for: linger)
                continue
            }
            var body = PushBatch.encode(events)
            // Halved until it fits the byte limit; one event always fits (payloads are far smaller).
            while body.count > limits.maxBytes, events.count > 1 {
                events.removeLast(events.count / 2)
                body = PushBatch.encode(events)
            }
            onState(.sending(after: next - 1, events: events.count))
            let reply = await transport.send(body, device: device, token: token)
            switch backoff.next(after: reply, jitter: jitter()) {
            case let .acknowledge(through, chain):
                // The collector's word is checked against the log before the cursor moves.
                try await source.acknowledgePush(collector: collector, device: device, through: through, chain: chain, at: now())
                summary.batches += 1
                summary.eventsSent += events.count
                summary.acknowledgedThrough = max(summary.acknowledgedThrough, through)
                next = through + 1
            case let .resume(after):
                if let cut, after < cut.position { throw Self.lacksPrunedPart(collector, device: device, storedThrough: after, cut: cut) }
                let last = try await source.lastPosition()
                guard after <= last else { throw Self.collectorHoldsMore(after, last) }
                next = after + 1
            case let .retry(delay):
                summary.retries += 1
                let reason = Self.reason(of: reply)
                onState(.backingOff(until: Date().addingTimeInterval(Self.seconds(delay)), failures: backoff.failures, reason: reason))
                try await sleep(delay)
            case let .stop(error):
                throw error
            }
        }
    }

    /// What the key sharing of a run knows: the collector's key once asked, the subjects shared.
    struct KeySharingProgress {
        let sharing: KeySharing
        var collectorKey: CollectorPublicKey?
        var shared: Set<String> = []

        init(sharing: KeySharing) {
            self.sharing = sharing
            collectorKey = sharing.collectorKey
        }
    }

    enum SharingStep {
        case done
        case retry(Duration, reason: String)
    }

    /// Shares the keys of the subjects not shared yet in this run (all of them the first time).
    private func shareKeys(_ progress: inout KeySharingProgress, backoff: inout PushBackoff, summary: inout PushSummary) async throws -> SharingStep {
        let collectorKey: CollectorPublicKey
        if let known = progress.collectorKey {
            collectorKey = known
        } else {
            let reply = await transport.collectorKey(token: token)
            guard case let .collectorKey(key) = reply else { return try retryOrStop(after: reply, &backoff, "to give its public key") }
            progress.collectorKey = key
            collectorKey = key
        }
        var keys = try await progress.sharing.keys(collectorKey, progress.shared)[...]
        while !keys.isEmpty {
            let part = keys.prefix(KeyShareBatch.maxKeys)
            let reply = await transport.shareKeys(KeyShareBatch.encode(part), device: device, token: token)
            guard case let .shared(stored, erased) = reply else { return try retryOrStop(after: reply, &backoff, "the shared keys") }
            progress.shared.formUnion(part.map(\.subject))
            summary.keysShared += stored
            summary.erasedOnCollector += erased
            keys = keys.dropFirst(part.count)
        }
        return .done
    }

    /// A retry (network errors, 429, 502, 503, 504, with the backoff's delay) or the error that stops the run.
    private func retryOrStop(after reply: KeyShareReply, _ backoff: inout PushBackoff, _ what: String) throws -> SharingStep {
        switch reply {
        case let .unreachable(reason):
            guard case let .retry(delay) = backoff.next(after: .unreachable(reason: reason), jitter: jitter()) else { break }
            return .retry(delay, reason: "unreachable: \(reason)")
        case let .refused(status, code, message, retryAfterSeconds):
            if [429, 502, 503, 504].contains(status),
               case let .retry(delay) = backoff.next(after: .refused(status: status, code: code, message: message, retryAfterSeconds: retryAfterSeconds), jitter: jitter()) {
                return .retry(delay, reason: "HTTP \(status)\(code.isEmpty ? "" : " \(code)")")
            }
            let line = String(message.map { $0.isNewline || $0.unicodeScalars.contains { $0.properties.generalCategory == .control } ? " " : $0 }.prefix(300))
            throw SheetLogError(
                .pushRefused,
                "every event is pushed, but the collector refused \(what) (HTTP \(status) \(code.isEmpty ? "without a code" : code)): \(line)",
                context: .init(operation: "share keys"))
        case .collectorKey, .shared:
            break
        }
        throw SheetLogError(.pushRefused, "the collector answered \(what) with a reply of another request", context: .init(operation: "share keys"))
    }

    /// `error` (the collector holds another history under this device id), saying what to do: no
    /// push of this file under this id will ever be taken, so the app enrols a new id.
    static func spent(_ error: SheetLogError, device: String) -> SheetLogError {
        SheetLogError(
            error.code,
            "\(error.message). Device id \(device) is spent on this collector for this file (a reset install, a restored backup): enrol a new device id (SheetLogDatabase.enrol, or sheetlog-server device add) and push under it",
            context: error.context)
    }

    /// The collector stores more of this device than the file holds: an older copy of the log (a
    /// restored backup) or another device's, a history the collector will never take from this file.
    static func collectorHoldsMore(_ storedThrough: Int64, _ last: Int64) -> SheetLogError {
        SheetLogError(
            .historyMismatch,
            "the collector stores this device's log through position \(storedThrough), but this file ends at \(last): it holds another device's log, or an older copy of this one",
            context: .init(position: storedThrough, operation: "push"))
    }

    /// The collector holds this device short of the log's cut: sent from there, the fleet would
    /// lack the pruned part for good.
    static func lacksPrunedPart(_ collector: String, device: String, storedThrough: Int64, cut: (position: Int64, prunedAt: Int64)) -> SheetLogError {
        let date = Date(timeIntervalSince1970: Double(cut.prunedAt) / 1_000).formatted(.iso8601)
        return SheetLogError(
            .pruned,
            "this log was pruned through position \(cut.position) on \(date), and \(collector) holds it as device \(device) only through position \(storedThrough): the fleet would lack positions \(storedThrough + 1)-\(cut.position); nothing was stored. Push to the collector that received them before the prune, or import the file into a fleet that never held the device (it starts at the base)",
            context: .init(position: cut.position, operation: "push"))
    }

    static func reason(of reply: PushReply) -> String {
        switch reply {
        case .stored: "stored"
        case let .refused(status, code, _, _, _): "HTTP \(status)\(code.isEmpty ? "" : " \(code)")"
        case let .unreachable(reason): "unreachable: \(reason)"
        }
    }

    static func seconds(_ duration: Duration) -> TimeInterval {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}
