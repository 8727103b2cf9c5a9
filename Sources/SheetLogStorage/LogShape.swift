/// The shape of the log as ``SheetLogBackend/logShape()`` reads it for verify: its size, and
/// whether its positions and versions are what SheetLog writes.
package struct LogShape: Sendable, Hashable {
    /// How many events the log holds.
    package var events: Int64
    /// How many sessions the log holds: its streams but its own (`$erasures`, named with a leading `$`).
    package var sessions: Int
    /// Positions 1…n without gaps, none lost off the end and none reused.
    package var positions: VerificationReport.Check
    /// Versions 1, 2, 3 … in position order in every session.
    package var versions: VerificationReport.Check

    package init(events: Int64, sessions: Int, positions: VerificationReport.Check, versions: VerificationReport.Check) {
        self.events = events
        self.sessions = sessions
        self.positions = positions
        self.versions = versions
    }
}
