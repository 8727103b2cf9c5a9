import SheetLogJSON

/// The domain's values, written by the package's one writer: field values and forms, routes and
/// draft references, as the payloads, the projection columns and the export lines all hold them.
extension JSONWriter {
    package mutating func fieldValue(_ value: FieldValue) {
        switch value {
        case .string(let text): string(text)
        case .number(let number): self.number(number)
        case .bool(let flag): bool(flag)
        case .null: null()
        }
    }

    /// A form's field values, keys sorted.
    package mutating func fieldValues(_ values: [String: FieldValue]) {
        beginObject()
        for key in values.keys.sorted(by: Self.keyPrecedes) {
            self.key(key)
            fieldValue(values[key]!)
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
