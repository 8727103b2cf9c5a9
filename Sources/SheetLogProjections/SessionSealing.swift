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

    /// The JSON object of `values` for `column` of the row of `presentation` in `session`: each value
    /// sealed at that place (``SealPosition/projection(column:session:presentation:field:)``), so that
    /// it opens there only. Deterministic, like every seal: a rebuild writes the same bytes.
    ///
    /// With a `memo`, a value whose text it holds is not sealed again (see ``SealedValueMemo``).
    package func object(
        _ values: [String: FieldValue], column: String, session: String, presentation: String, memo: inout SealedValueMemo?
    ) -> String {
        guard let key else { return ProjectionJSON.object(values) }
        if values.isEmpty { return "{}" }
        var json = JSONWriter(capacity: 64 * values.count)
        json.beginObject()
        for field in values.keys.sorted(by: JSONWriter.keyPrecedes) {
            json.key(field)
            let value = values[field]!
            if memo != nil {
                json.string(memo!.sealed(value, column: column, session: session, presentation: presentation, field: field, with: key))
            } else {
                json.string(SealedText.seal(
                    value, at: .projection(column: column, session: session, presentation: presentation, field: field), with: key))
            }
        }
        json.endObject()
        return json.text
    }
}

extension ProjectedSession {
    /// The JSON text of a presentation's `baseline` or `draft_values` column: sealed in a sealed log.
    package func valuesJSON(_ values: [String: FieldValue], column: String, presentation: String) -> String {
        guard let sealing else { return ProjectionJSON.object(values) }
        var memo: SealedValueMemo?
        return sealing.object(values, column: column, session: session, presentation: presentation, memo: &memo)
    }

    /// ``valuesJSON(_:column:presentation:)`` sealing only the values ``sealedValues`` does not hold:
    /// the inline path, which writes a row again after each append.
    package mutating func rememberingValuesJSON(_ values: [String: FieldValue], column: String, presentation: String) -> String {
        guard let sealing else { return ProjectionJSON.object(values) }
        var memo: SealedValueMemo? = sealedValues
        // Moved out while it is updated, so this copy of the session does not share its storage too
        // (the cache's copy still does: the first text added copies it, which is why it is small).
        sealedValues = SealedValueMemo()
        defer { sealedValues = memo! }
        return sealing.object(values, column: column, session: session, presentation: presentation, memo: &memo)
    }
}
