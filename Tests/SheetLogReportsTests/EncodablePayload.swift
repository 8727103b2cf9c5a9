import SheetLog
import SheetLogReports

/// An event's payload, as the log stores it.
struct EncodablePayload: Encodable {
    let event: SheetEvent

    init(_ event: SheetEvent) { self.event = event }

    func encode(to encoder: any Encoder) throws {
        switch event.kind {
        case .present(let payload): try payload.encode(to: encoder)
        case .edit(let payload): try payload.encode(to: encoder)
        case .attemptDismiss(let payload): try payload.encode(to: encoder)
        case .confirmDiscard(let payload): try payload.encode(to: encoder)
        case .keepEditing(let payload): try payload.encode(to: encoder)
        case .save(let payload): try payload.encode(to: encoder)
        case .saveFailed(let payload): try payload.encode(to: encoder)
        case .restoreDraft(let payload): try payload.encode(to: encoder)
        case .declineDraft(let payload): try payload.encode(to: encoder)
        case .endSession(let payload): try payload.encode(to: encoder)
        }
    }
}
