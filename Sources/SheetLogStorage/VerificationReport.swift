/// The result of ``SheetLogDatabase/verify()``: every check that was run, and the first that failed.
///
/// ```swift
/// let report = try await database.verify()
/// if let failure = report.firstFailure { print("\(failure.name): \(failure.detail)") }
/// ```
public struct VerificationReport: Sendable, Hashable, Codable {
    /// One check and what it found. Details name positions, streams, tables and columns, never values.
    public struct Check: Sendable, Hashable, Codable {
        /// `integrity_check`, `chain`, `positions`, `versions`, `decoding`, `projections` or `append-only`.
        public var name: String
        /// Whether the check found nothing wrong.
        public var passed: Bool
        /// What it checked, or the first thing it found wrong.
        public var detail: String
        /// True for a check that could not run here (the read models of a sealed database read
        /// without its master key): it found nothing wrong, and checked nothing; `detail` says why.
        public var skipped: Bool

        /// A check's result.
        public init(name: String, passed: Bool, detail: String, skipped: Bool = false) {
            self.name = name
            self.passed = passed
            self.detail = detail
            self.skipped = skipped
        }

        /// A check that could not run, and why.
        public static func skipped(_ name: String, because reason: String) -> Check {
            Check(name: name, passed: true, detail: reason, skipped: true)
        }
    }

    /// How many events the log holds.
    public var events: Int64
    /// How many sessions the log holds: its streams but its own (`$erasures`, named with a leading `$`).
    public var sessions: Int
    /// Every check, in the order run.
    public var checks: [Check]

    /// A report of `checks` over a log of `events` events in `sessions` sessions.
    public init(events: Int64, sessions: Int, checks: [Check]) {
        self.events = events
        self.sessions = sessions
        self.checks = checks
    }

    /// Whether every check passed.
    public var isHealthy: Bool { checks.allSatisfy(\.passed) }

    /// The first check that failed, nil when healthy.
    public var firstFailure: Check? { checks.first { !$0.passed } }
}

extension VerificationReport.Check {
    /// The passing `positions` check of a log whose kept events hold positions `first…last`
    /// (none kept when `last` is below `first`: an empty log, or one pruned to its end), `note` after.
    package static func positionsWithoutGaps(from first: Int64, through last: Int64, _ note: String) -> Self {
        let held = last < first ? (first == 1 ? "no events" : "no event kept") : "positions \(first)…\(last) without gaps"
        return .init(name: "positions", passed: true, detail: held + note)
    }

    /// The failing `versions` check of a carried session whose row (in `table`) names another
    /// session or version than its state's own (`stateSession`, `stateVersion`; nil when the
    /// state records none).
    package static func carriedRowEdited(
        table: String, session: String, version: Int64, stateSession: String?, stateVersion: Int64?
    ) -> Self {
        let says = stateVersion.map { "its carried state is of \(stateSession.map { "session \($0)" } ?? "no session") at version \($0)" }
            ?? "its carried state records no version"
        return .init(name: "versions", passed: false,
                     detail: "\(table) carries session \(session) at version \(version), but \(says): a carried session's row was edited")
    }
}
