import SheetLogDomain

/// Which sessions an erasure closed, told from the log alone, so that every backend and every copy
/// made by `export | ingest` answer the same.
///
/// An erasure closes each open session of its subject with commands of its own (Keep Editing on an
/// alert that is up, a programmatic `dismissAll`, `endSession`: `SheetDecider.commandsClosing`),
/// appended at the erasure's time just before its `eraseSubject` event. A copy records them as
/// ordinary lines right before the erasure line, with the same times, so the transaction that held
/// them cannot be the rule (a copy commits them apart). The rule: walking back from the erasure's
/// position, the run of events that are each of a session of the subject begun before it, at the
/// erasure's `occurred_at`, and of type `keepEditing`, `attemptDismiss` or `endSession`; the
/// sessions of that run are the ones it closed. The one case it cannot tell apart is an app that
/// itself recorded such an event for a session of the subject at the very millisecond of the
/// erasure, immediately before it: that session is listed too.
///
/// ```swift
/// var closing = ErasureClosing(sessionsOfSubject: ["s1", "s2"], erasedAt: 9_000)
/// _ = closing.take(stream: "s1", type: "endSession", occurredAt: 9_000)       // right before the erasure
/// _ = closing.take(stream: "s1", type: "attemptDismiss", occurredAt: 9_000)
/// _ = closing.take(stream: "s3", type: "edit", occurredAt: 8_000)             // the run ends here
/// print(closing.closedSessions)   // ["s1"]
/// ```
package struct ErasureClosing: Sendable {
    /// The types of the events the closing commands append.
    package static let closingTypes: Set<String> = [
        SheetEventType.keepEditing.rawValue, SheetEventType.attemptDismiss.rawValue, SheetEventType.endSession.rawValue,
    ]

    private let sessionsOfSubject: Set<String>
    private let erasedAt: Int64
    /// The sessions met so far, the newest first.
    private var newestFirst: [String] = []
    private var ended = false

    package init(sessionsOfSubject: Set<String>, erasedAt: Int64) {
        self.sessionsOfSubject = sessionsOfSubject
        self.erasedAt = erasedAt
    }

    /// Takes the next earlier event (walking back from the erasure, one position at a time); false
    /// once the run has ended, and from then on: stop reading.
    package mutating func take(stream: String, type: String, occurredAt: Int64?) -> Bool {
        guard !ended, occurredAt == erasedAt, sessionsOfSubject.contains(stream), Self.closingTypes.contains(type) else {
            ended = true
            return false
        }
        if !newestFirst.contains(stream) { newestFirst.append(stream) }
        return true
    }

    /// The sessions the erasure closed, in log order.
    package var closedSessions: [String] { newestFirst.reversed() }
}
