import SheetLog
import SheetLogJSON

/// The steps of `sheetlog replay --json`, the same bytes wherever they are served.
///
/// Each element is `{at, event, position, state, type, version}`: the event as the log stores it and
/// the session's state after it. Written straight into bytes by ``PrettyJSONWriter``, byte for byte
/// what `JSONEncoder` printed for the same steps (a differential test holds it to that), at a fraction
/// of the cost: a 10,000-event session's replay is about 4 MB of JSON.
package enum ReplayReport {
    /// A pretty-printed JSON array, one element per step; with `device`, each element has a `"device"`
    /// key too (`sheetlog-server replay`), in its sorted place; with `mask` ``ValueMask/masked``,
    /// every form value that is not empty reads `{"withheld":true}` (the fleet viewer before a reveal).
    /// Markers are objects, as FieldValue's `Codable` form writes them: a typed `"[erased]"` stays a string.
    package static func json(_ steps: [ReplayStep], device: String? = nil, mask: ValueMask = .shown) throws(SheetLogError) -> String {
        var writer = PrettyJSONWriter(capacity: steps.count * 512)
        writer.beginArray()
        for step in steps {
            writer.element()
            try write(step, device: device, mask: mask, into: &writer)
        }
        writer.endArray()
        guard writer.isStrictlyValid else {
            throw SheetLogError(.invalidInput, "the output cannot be written as JSON (a non-finite number?)", context: .init(operation: "output"))
        }
        return writer.text
    }

    /// One step as `sheetlog state --json` and the viewer's state endpoint write it: the element
    /// ``json(_:device:mask:)`` has for that version, written by the same code, as one object.
    package static func json(step: ReplayStep, device: String? = nil, mask: ValueMask = .shown) throws(SheetLogError) -> String {
        var writer = PrettyJSONWriter(capacity: 4_096)
        try write(step, device: device, mask: mask, into: &writer)
        guard writer.isStrictlyValid else {
            throw SheetLogError(.invalidInput, "the output cannot be written as JSON (a non-finite number?)", context: .init(operation: "output"))
        }
        return writer.text
    }

    /// The state a prune carried, as `{"state", "version"}` with the state as a step's: the timeline's
    /// script reads it as the step before the session's first kept one.
    package static func json(base: ReplayBase, mask: ValueMask = .shown) throws(SheetLogError) -> String {
        var writer = PrettyJSONWriter(capacity: 2_048)
        writer.beginObject()
        writer.key("state")
        write(base.state, mask: mask, into: &writer)
        writer.key("version")
        writer.integer(base.version)
        writer.endObject()
        guard writer.isStrictlyValid else {
            throw SheetLogError(.invalidInput, "the output cannot be written as JSON (a non-finite number?)", context: .init(operation: "output"))
        }
        return writer.text
    }

    private static func write(_ step: ReplayStep, device: String?, mask: ValueMask, into writer: inout PrettyJSONWriter) throws(SheetLogError) {
        writer.beginObject()
        writer.key("at")
        if let at = TimeText.iso(step.event.occurredAt) { writer.string(at) } else { writer.null() }
        if let base = step.base {
            // Only on the first step of a session a prune carried: the versions before it are gone.
            writer.key("base")
            writer.beginObject()
            writer.key("prunedAt")
            writer.string(TimeText.iso(Int64(base.prunedAt.timeIntervalSince1970 * 1_000)) ?? "")
            writer.key("state")
            write(base.state, mask: mask, into: &writer)
            writer.key("version")
            writer.integer(base.version)
            writer.endObject()
        }
        if let device {
            writer.key("device")
            writer.string(device)
        }
        writer.key("event")
        try writePayload(of: mask.apply(step.sheetEvent), into: &writer)
        writer.key("position")
        writer.integer(step.event.position)
        writer.key("state")
        write(step.state, mask: mask, into: &writer)
        writer.key("type")
        writer.string(step.event.type)
        writer.key("version")
        writer.integer(step.event.version)
        writer.endObject()
    }

    /// The payload as the codec writes it for the log (compact, keys sorted), laid out again.
    private static func writePayload(of event: SheetEvent, into writer: inout PrettyJSONWriter) throws(SheetLogError) {
        let compact = try SheetEventCodec.encodePayload(event, markers: .object)
        do {
            writer.value(try JSONValue.parse(compact))
        } catch {
            throw SheetLogError(.invalidInput, "the payload of a \(event.type.rawValue) event cannot be read back as JSON", context: .init(operation: "output"))
        }
    }

    private static func write(_ state: SessionState, mask: ValueMask, into writer: inout PrettyJSONWriter) {
        writer.beginObject()
        writer.key("ended")
        writer.bool(state.ended)
        writer.key("session")
        writer.string(state.sessionID)
        writer.key("stack")
        writer.beginArray()
        for sheet in state.stack {
            writer.element()
            write(sheet, mask: mask, into: &writer)
        }
        writer.endArray()
        writer.key("version")
        writer.integer(state.version)
        writer.endObject()
    }

    private static func write(_ sheet: Presentation, mask: ValueMask, into writer: inout PrettyJSONWriter) {
        writer.beginObject()
        writer.key("baseline")
        write(mask.apply(sheet.baseline), into: &writer)
        writer.key("canSave")
        writer.bool(sheet.canSave)
        writer.key("changedFields")
        writer.beginArray()
        for field in sheet.changedFields {
            writer.element()
            writer.string(field)
        }
        writer.endArray()
        writer.key("dirty")
        writer.bool(sheet.isDirty)
        writer.key("locked")
        writer.bool(sheet.isDismissDisabled)
        writer.key("pendingConfirmation")
        if let pending = sheet.pendingConfirmation {
            writer.beginObject()
            writer.key("offersSave")
            writer.bool(pending.offersSave)
            writer.key("source")
            writer.string(pending.source.rawValue)
            writer.endObject()
        } else {
            writer.null()
        }
        writer.key("presentation")
        writer.string(sheet.id)
        writer.key("route")
        writer.beginObject()
        writer.key("group")
        writer.string(sheet.route.group)
        writer.key("name")
        writer.string(sheet.route.name)
        writer.key("params")
        writer.beginObject()
        for name in sheet.route.params.keys.sorted(by: JSONWriter.keyPrecedes) {
            writer.key(name)
            writer.string(sheet.route.params[name]!)
        }
        writer.endObject()
        writer.endObject()
        writer.key("values")
        write(mask.apply(sheet.values), into: &writer)
        writer.endObject()
    }

    private static func write(_ values: [String: FieldValue], into writer: inout PrettyJSONWriter) {
        writer.beginObject()
        for field in values.keys.sorted(by: JSONWriter.keyPrecedes) {
            writer.key(field)
            switch values[field]! {
            case .string(let text): writer.string(text)
            case .number(let number): writer.number(number)
            case .bool(let flag): writer.bool(flag)
            case .null: writer.null()
            case .erased, .withheld:
                writer.beginObject()
                writer.key(values[field]! == .erased ? "erased" : "withheld")
                writer.bool(true)
                writer.endObject()
            }
        }
        writer.endObject()
    }
}
