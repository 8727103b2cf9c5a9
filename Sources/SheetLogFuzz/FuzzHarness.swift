import SheetLogDomain
import SheetLogIngest

/// What the fuzz target does with one input, shared by the libFuzzer entry point, the replay
/// executable and the corpus replay test.
///
/// The input is one ingest line. A rejected line must be an ``SheetLogError/Code/invalidInput``
/// located at line 1. An accepted line is decided against every ``FuzzStates`` state; whatever
/// the decider returns must fold, encode, pass the input limits and decode back to the same
/// event, and the line itself must survive ``IngestEncoder`` → ``IngestDecoder`` unchanged.
/// A broken invariant stops the process (`preconditionFailure`), which libFuzzer reports as a crash.
///
/// ```swift
/// let outcome = FuzzHarness.run(Array(#"{"session":"s1","type":"endSession"}"#.utf8))
/// ```
package enum FuzzHarness {
    /// How one input ended.
    package enum Outcome: Sendable {
        /// The decoder rejected the line with this error.
        case rejected(SheetLogError)
        /// The decoder accepted the line; `decided` counts the states whose decider accepted its command.
        case accepted(IngestLine, decided: Int)
    }

    static let decoder = IngestDecoder()
    static let limits = InputLimits.default

    /// Runs one input through the decoder and, when accepted, the decider and the codecs.
    package static func run(_ bytes: some Collection<UInt8>) -> Outcome {
        let line: IngestLine
        do {
            line = try decoder.decode(bytes, line: 1)
        } catch {
            check(error.code == .invalidInput && error.context.line == 1, "a rejected line must be invalidInput at line 1: \(error.code)")
            return .rejected(error)
        }
        checkEncoderRoundTrip(line)
        var decided = 0
        for state in FuzzStates.all where decide(line, in: state) {
            decided += 1
        }
        return .accepted(line, decided: decided)
    }

    /// Whether the decider accepted the line's command in `state`; rejections must be typed rule errors.
    private static func decide(_ line: IngestLine, in state: SessionState) -> Bool {
        let events: [SheetEvent]
        do {
            events = try SheetDecider.decide(line.command, state: state, at: line.occurredAt ?? 0)
        } catch {
            let expected: Set<SheetLogError.Code> = [.ruleViolation, .invalidInput, .notFound]
            check(expected.contains(error.code), "the decider rejected \(line.command.name) with \(error.code)")
            return false
        }
        _ = SheetDecider.fold(events, into: state)
        for (index, event) in events.enumerated() {
            checkCodecRoundTrip(event, eventID: "fuzz-\(index)", stream: line.session)
        }
        return true
    }

    /// A decided event encodes, passes the store's limits (or is refused with a typed error) and decodes back equal.
    private static func checkCodecRoundTrip(_ event: SheetEvent, eventID: String, stream: String) {
        do {
            let data = try SheetEventCodec.encode(event, eventID: eventID)
            do {
                try limits.validate(data, stream: stream)
            } catch {
                check([.payloadTooLarge, .invalidInput].contains(error.code), "the limits refused an event with \(error.code)")
                return
            }
            let decoded = try SheetEventCodec.decode(data)
            check(decoded == event, "\(event.type.rawValue) event does not survive encode → decode")
        } catch {
            check(error.code == .invalidInput, "encoding a decided \(event.type.rawValue) event failed with \(error.code)")
        }
    }

    /// What `sheetlog export` writes for an accepted line ingests as the same line.
    private static func checkEncoderRoundTrip(_ line: IngestLine) {
        let text: String
        do {
            text = try IngestEncoder.encode(line)
        } catch {
            preconditionFailure("an accepted \(line.command.name) line cannot be encoded: \(error.code)")
        }
        // Re-encoding may spell times and escapes longer; only a line within the limit must come back.
        guard text.utf8.count <= decoder.maxLineBytes else { return }
        do {
            let again = try decoder.decode(Array(text.utf8), line: 1)
            check(again == line, "an accepted \(line.command.name) line changes through IngestEncoder → IngestDecoder")
        } catch {
            preconditionFailure("the re-encoded \(line.command.name) line is rejected: \(error.message)")
        }
    }

    private static func check(_ condition: Bool, _ message: @autoclosure () -> String) {
        if !condition { preconditionFailure(message()) }
    }
}
