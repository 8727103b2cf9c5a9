import SheetLogJSON

/// Writes a payload struct with the package's one writer (``JSONWriter``), as `JSONEncoder` wrote
/// it with `[.sortedKeys, .withoutEscapingSlashes]`, byte for byte: stored payloads are chained and
/// compared on retried appends, so the bytes must not change. Hand-written because every append
/// encodes payloads.
///
/// Keys sorted, no whitespace, absent optionals left out; strings and numbers as the writer writes them.
///
/// ```swift
/// var encoder = PayloadEncoder()
/// try encoder.kind(.edit(.init(presentation: "p1", field: "amount", value: 47.5)))
/// encoder.text  // {"field":"amount","presentation":"p1","value":47.5}
/// ```
struct PayloadEncoder {
    /// A number JSON cannot hold (NaN or an infinity).
    struct NonFiniteNumber: Error {}

    private var json = JSONWriter(capacity: 128)
    /// Set for a sealed payload (schema 2): each value is written sealed, and `subject` is added.
    private let sealing: (seal: PayloadSealing, eventID: String)?

    var text: String { json.text }
    /// A sealed payload's values as written: what the read models' cells copy.
    private(set) var seals: [EventSeals.Seal] = []
    /// Whether the store's strict reader would accept the payload as it is (see
    /// ``JSONWriter/isStrictlyValid``): false when a string holds a NUL, which only the store refuses.
    var isStrictlyValid: Bool { json.isStrictlyValid }

    /// How markers are written: their stored stand-in (what a store would write, had the decider
    /// not refused them), or as objects (what the reports print).
    private var markers: JSONWriter.MarkerForm = .storedStandIn

    init() { sealing = nil }

    init(markers: JSONWriter.MarkerForm) {
        sealing = nil
        self.markers = markers
    }

    init(sealing: PayloadSealing, eventID: String) {
        self.sealing = (sealing, eventID)
    }

    mutating func kind(_ kind: SheetEvent.Kind) throws(NonFiniteNumber) {
        json.beginObject()
        switch kind {
        case .present(let p):
            json.key("baseline"); values(p.baseline, member: "baseline")
            recordedChanges()
            json.key("guard"); json.string(p.dismissGuard.rawValue)
            json.key("presentation"); json.string(p.presentation)
            json.key("required"); json.strings(p.required)
            if let draft = p.restoredFrom { json.key("restoredFrom"); json.draft(draft) }
            json.key("route"); json.route(p.route)
            subject()
            if let values = p.values { json.key("values"); self.values(values, member: "values") }
        case .edit(let p):
            recordedChanges()
            json.key("field"); json.string(p.field)
            json.key("presentation"); json.string(p.presentation)
            subject()
            json.key("value"); value(p.value, member: "value", field: p.field)
        case .attemptDismiss(let p):
            json.key("changedFields"); json.strings(p.changedFields)
            json.key("confirmation"); json.bool(p.confirmation)
            json.key("dirty"); json.bool(p.dirty)
            if let offersSave = p.offersSave { json.key("offersSave"); json.bool(offersSave) }
            json.key("outcome"); json.string(p.outcome.rawValue)
            json.key("popped"); json.bool(p.popped)
            json.key("presentation"); json.string(p.presentation)
            json.key("source"); json.string(p.source.rawValue)
            subject()
        case .confirmDiscard(let p):
            json.key("discardedFields"); json.strings(p.discardedFields)
            json.key("presentation"); json.string(p.presentation)
            subject()
        case .keepEditing(let p):
            json.key("presentation"); json.string(p.presentation)
            subject()
        case .save(let p):
            recordedChanges()
            json.key("presentation"); json.string(p.presentation)
            subject()
            json.key("values"); values(p.values, member: "values")
        case .saveFailed(let p):
            json.key("presentation"); json.string(p.presentation)
            json.key("reason"); json.string(p.reason)
            subject()
        case .restoreDraft(let p):
            json.key("intoSession"); json.string(p.intoSession)
            json.key("newPresentation"); json.string(p.newPresentation)
            json.key("presentation"); json.string(p.presentation)
            subject()
        case .declineDraft(let p):
            json.key("presentation"); json.string(p.presentation)
            subject()
        case .endSession:
            subject()
        }
        json.endObject()
        if json.wroteNonFiniteNumber { throw NonFiniteNumber() }
    }

    /// The `changed` (and a save's `draftChanged`) members of a sealed payload, at their place in
    /// the sorted keys: what the event records in clear about its values (``RecordedChanges``).
    private mutating func recordedChanges() {
        guard let changes = sealing?.seal.changes else { return }
        json.key("changed"); json.strings(changes.changed)
        if let draftChanged = changes.draftChanged { json.key("draftChanged"); json.bool(draftChanged) }
    }

    /// The `subject` member of a sealed payload, at its place in the sorted keys.
    private mutating func subject() {
        guard let sealing else { return }
        json.key("subject"); json.string(sealing.seal.subject)
    }

    private mutating func values(_ values: [String: FieldValue], member: String) {
        guard sealing != nil else { return json.fieldValues(values, markers: markers) }
        json.beginObject()
        for field in values.keys.sorted(by: JSONWriter.keyPrecedes) {
            json.key(field)
            value(values[field]!, member: member, field: field)
        }
        json.endObject()
    }

    /// The value as it is, or sealed at its position and written as a base64 string.
    private mutating func value(_ value: FieldValue, member: String, field: String) {
        guard let (seal, eventID) = sealing else { return json.fieldValue(value, markers: markers) }
        if !value.isFinite {
            // Left to the check after the payload: the same error as a plain payload's.
            return json.fieldValue(value)
        }
        let position = SealPosition.event(id: eventID, stream: seal.stream, version: seal.version, member: member, field: field)
        let sealed = SealedText.seal(value, at: position, with: seal.key)
        json.string(sealed)
        seals.append(.init(member: member, field: field, sealed: sealed))
    }
}
