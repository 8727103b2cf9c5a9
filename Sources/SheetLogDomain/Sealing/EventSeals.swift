/// The sealed texts of one sealed event's values, as its payload holds them, with what opens them
/// there: the event's id and version (the stream is the session's).
///
/// The projections copy them into the read models' cells (``SealedCell``), so that recording seals
/// each value once and a rebuild seals none.
///
/// ```swift
/// let seals = EventSeals(eventID: "c9-1", version: 4, [.init(member: "value", field: "amount", sealed: "AY3k…")])
/// seals.cells(of: "value")["amount"]?.text  // "e 4 value AY3k… c9-1"
/// ```
package struct EventSeals: Sendable {
    /// One value's sealed text in the payload: `member` is `baseline`, `values` or `value`.
    package struct Seal: Sendable {
        package var member: String
        package var field: String
        package var sealed: String

        package init(member: String, field: String, sealed: String) {
            self.member = member
            self.field = field
            self.sealed = sealed
        }
    }

    package var eventID: String
    package var version: Int64
    package var seals: [Seal]
    /// What the event recorded about its values in clear; nil for a sealed event written before
    /// it did (a fold then compares the opened values).
    package var recorded: RecordedChanges?

    package init(eventID: String, version: Int64, _ seals: [Seal] = [], recorded: RecordedChanges? = nil) {
        self.eventID = eventID
        self.version = version
        self.seals = seals
        self.recorded = recorded
    }

    /// The cells of `member`'s values, by field.
    package func cells(of member: String) -> [String: SealedCell] {
        var cells: [String: SealedCell] = [:]
        for seal in seals where seal.member == member {
            cells[seal.field] = .event(version: version, member: member, sealed: seal.sealed, eventID: eventID)
        }
        return cells
    }
}
