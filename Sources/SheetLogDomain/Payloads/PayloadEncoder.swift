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

    var text: String { json.text }
    /// Whether the store's strict reader would accept the payload as it is (see
    /// ``JSONWriter/isStrictlyValid``): false when a string holds a NUL, which only the store refuses.
    var isStrictlyValid: Bool { json.isStrictlyValid }

    init() {}

    mutating func kind(_ kind: SheetEvent.Kind) throws(NonFiniteNumber) {
        json.beginObject()
        switch kind {
        case .present(let p):
            json.key("baseline"); json.fieldValues(p.baseline)
            json.key("guard"); json.string(p.dismissGuard.rawValue)
            json.key("presentation"); json.string(p.presentation)
            json.key("required"); json.strings(p.required)
            if let draft = p.restoredFrom { json.key("restoredFrom"); json.draft(draft) }
            json.key("route"); json.route(p.route)
            if let values = p.values { json.key("values"); json.fieldValues(values) }
        case .edit(let p):
            json.key("field"); json.string(p.field)
            json.key("presentation"); json.string(p.presentation)
            json.key("value"); json.fieldValue(p.value)
        case .attemptDismiss(let p):
            json.key("changedFields"); json.strings(p.changedFields)
            json.key("confirmation"); json.bool(p.confirmation)
            json.key("dirty"); json.bool(p.dirty)
            if let offersSave = p.offersSave { json.key("offersSave"); json.bool(offersSave) }
            json.key("outcome"); json.string(p.outcome.rawValue)
            json.key("popped"); json.bool(p.popped)
            json.key("presentation"); json.string(p.presentation)
            json.key("source"); json.string(p.source.rawValue)
        case .confirmDiscard(let p):
            json.key("discardedFields"); json.strings(p.discardedFields)
            json.key("presentation"); json.string(p.presentation)
        case .keepEditing(let p):
            json.key("presentation"); json.string(p.presentation)
        case .save(let p):
            json.key("presentation"); json.string(p.presentation)
            json.key("values"); json.fieldValues(p.values)
        case .saveFailed(let p):
            json.key("presentation"); json.string(p.presentation)
            json.key("reason"); json.string(p.reason)
        case .restoreDraft(let p):
            json.key("intoSession"); json.string(p.intoSession)
            json.key("newPresentation"); json.string(p.newPresentation)
            json.key("presentation"); json.string(p.presentation)
        case .declineDraft(let p):
            json.key("presentation"); json.string(p.presentation)
        case .endSession:
            break
        }
        json.endObject()
        if json.wroteNonFiniteNumber { throw NonFiniteNumber() }
    }
}
