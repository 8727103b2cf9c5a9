import Foundation

/// Where a session's kept events begin after a prune: removed whole, or carried across the cut.
package enum SessionBase: Sendable {
    /// A prune removed the session whole: commands and reads of it are refused.
    case pruned(SessionPruning)
    /// A prune removed its events through ``CarriedState/version`` and carried its state across
    /// the cut: a fold starts from the snapshot and goes on with the kept events.
    case carried(CarriedState)
}

/// The state a prune carried for one session (`base_sessions`), as stored: the snapshot text is
/// the backend's to hand over, the caller's to open (with the keys of a sealed log).
package struct CarriedState: Sendable, Hashable {
    package var session: String
    /// The session's last removed version: its kept events continue from version + 1.
    package var version: Int64
    /// The cut of the prune that carried it, and when that prune ran (ms since 1970, the store's clock).
    package var cutPosition: Int64
    package var prunedAt: Int64
    /// The JSON of the carried state (``CarriedSession``'s).
    package var snapshot: String

    package init(session: String, version: Int64, cutPosition: Int64, prunedAt: Int64, snapshot: String) {
        self.session = session
        self.version = version
        self.cutPosition = cutPosition
        self.prunedAt = prunedAt
        self.snapshot = snapshot
    }

    /// When the carrying prune ran, as ISO 8601.
    package var prunedAtText: String {
        Date(timeIntervalSince1970: Double(prunedAt) / 1_000).formatted(.iso8601)
    }

    /// The error a read of the session before its base gets: it names the pruning and its date.
    package func error(_ what: String, operation: String) -> SheetLogError {
        SheetLogError(
            .pruned,
            "\(what): session \(session) was pruned through version \(version) on \(prunedAtText); the prune carried its state at version \(version), and its kept events, if any, follow from version \(version + 1)",
            context: .init(stream: session, actualVersion: version, position: cutPosition, operation: operation))
    }
}
