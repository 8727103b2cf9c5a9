import SheetLogCore
import SheetLogDomain
import SheetLogJSON

/// The subject of a session of a sealed log, and the key its projection rows are sealed with: nil
/// where the reader has no key (an erased subject, the fleet without shared keys), whose rows hold
/// the values as they read (`[erased]`, `[sealed]`).
package struct SessionSealing: Sendable {
    package var subject: String
    package var key: DataKey?
    /// Whether the key is gone because the subject was erased (else, without a key, it is withheld).
    package var erased = false

    package init(subject: String, key: SubjectKey) {
        self.subject = subject
        switch key {
        case .available(let dataKey): self.key = dataKey
        case .erased: (self.key, erased) = (nil, true)
        case .withheld: self.key = nil
        }
    }

    /// The JSON object of `values` for `member` (`baseline`, `values`) of `presentation` in
    /// `session`: each value's cell from `cells` (the bytes of the event that recorded it, see
    /// ``SealedCell``), so nothing is sealed again; a value without one (a state installed from an
    /// export's clear base lines) sealed where a prune carries it. Deterministic either way: a
    /// rebuild writes the same bytes.
    package func object(
        _ values: [String: FieldValue], cells: [String: SealedCell]?, member: String, session: String, presentation: String
    ) -> String {
        guard let key else { return ProjectionJSON.object(values) }
        if values.isEmpty { return "{}" }
        var json = JSONWriter(capacity: 96 * values.count)
        json.beginObject()
        for field in values.keys.sorted(by: JSONWriter.keyPrecedes) {
            json.key(field)
            if let cell = cells?[field] {
                cell.write(into: &json)
            } else if values[field]!.isMarker {
                // Not opened and no cell: nothing to seal (never the case for a fold of the log).
                json.fieldValue(values[field]!, markers: .storedStandIn)
            } else {
                json.string(SealedCell.sealedAtBase(
                    values[field]!, session: session, presentation: presentation, member: member, field: field, with: key))
            }
        }
        json.endObject()
        return json.text
    }
}

extension ProjectedSession {
    /// The JSON text of a presentation's `baseline` (`member` `baseline`) or `draft_values`
    /// (`values`) column: its cells in a sealed log.
    package func valuesJSON(_ values: [String: FieldValue], member: String, presentation: String) -> String {
        guard let sealing else { return ProjectionJSON.object(values) }
        let cells = self.cells[presentation]
        return sealing.object(
            values, cells: member == "baseline" ? cells?.baseline : cells?.values, member: member, session: session,
            presentation: presentation)
    }
}
