import SheetLogJSON

/// The domain's values, written by the package's one writer: field values and forms, routes and
/// draft references, as the payloads, the projection columns and the export lines all hold them.
extension JSONWriter {
    /// How a writer writes a marker (``FieldValue/erased``, ``FieldValue/withheld``).
    package enum MarkerForm: Sendable {
        /// As its ``FieldValue/storedStandIn`` text: stored columns and export lines, whose bytes
        /// must not change (readers know from the row's subject that its values are markers).
        case storedStandIn
        /// As the object FieldValue's `Codable` form has, `{"erased":true}`: what outputs write.
        case object
    }

    package mutating func fieldValue(_ value: FieldValue, markers: MarkerForm = .storedStandIn) {
        switch value {
        case .string(let text): string(text)
        case .number(let number): self.number(number)
        case .bool(let flag): bool(flag)
        case .null: null()
        case .erased, .withheld:
            switch markers {
            case .storedStandIn: string(value.storedStandIn!)
            case .object where value == .erased: raw(#"{"erased":true}"#)
            case .object: raw(#"{"withheld":true}"#)
            }
        }
    }

    /// A form's field values, keys sorted.
    package mutating func fieldValues(_ values: [String: FieldValue], markers: MarkerForm = .storedStandIn) {
        beginObject()
        for key in values.keys.sorted(by: Self.keyPrecedes) {
            self.key(key)
            fieldValue(values[key]!, markers: markers)
        }
        endObject()
    }

    /// `{"group":…,"name":…,"params":{…}}`: the group always written, even when it is the name.
    package mutating func route(_ route: Route) {
        raw(#"{"group":"#)
        string(route.group)
        raw(#","name":"#)
        string(route.name)
        raw(#","params":"#)
        sortedObject(route.params)
        endObject()
    }

    /// `{"presentation":…,"session":…}`.
    package mutating func draft(_ draft: DraftReference) {
        raw(#"{"presentation":"#)
        string(draft.presentation)
        raw(#","session":"#)
        string(draft.session)
        endObject()
    }
}
