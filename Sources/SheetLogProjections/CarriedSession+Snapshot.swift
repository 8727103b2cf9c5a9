import SheetLogCore
import SheetLogDomain
import SheetLogJSON

/// The snapshot's JSON: everything a fold reads, written by the package's one writer.
///
/// Form values are JSON scalars in a plain log. In a sealed session each is the ``SealedCell`` of
/// the value: the bytes of the event that recorded it (or, for a value no event's bytes give, the
/// value sealed at ``SealPosition/base(session:presentation:member:field:)``);
/// a value the prune could not read (an erased subject's) is written as its marker object,
/// `{"erased":true}`, never as text a typed value could equal.
extension CarriedSession {
    /// The snapshot's text. With `valuesSealed` false (an export's `baseSession` line) every value a
    /// sealed session can read is written in clear, its subject still named.
    package func snapshotJSON(valuesSealed: Bool = true) -> String {
        let projected = projected
        let state = projected.state
        var json = JSONWriter(capacity: 512)
        json.beginObject()
        json.key("session"); json.string(state.sessionID)
        json.key("version"); json.integer(state.version)
        json.key("stack"); json.strings(state.stackIDs)
        json.key("ended"); json.bool(state.ended)
        json.key("endedAt"); json.optionalInteger(state.endedAt)
        json.key("streamVersion"); json.integer(projected.streamVersion)
        json.key("streamChain"); json.string(Checksum.hex(projected.streamChain))
        json.key("firstPosition"); json.optionalInteger(projected.firstPosition)
        json.key("startedAt"); json.optionalInteger(projected.startedAt)
        json.key("foldedVersion"); json.integer(projected.foldedVersion)
        json.key("lastPosition"); json.integer(projected.lastPosition)
        json.key("lastEventAt"); json.optionalInteger(projected.lastEventAt)
        json.key("subject")
        if let subject = projected.sealing?.subject { json.string(subject) } else { json.null() }
        json.key("presentations")
        json.raw("[")
        for (index, id) in state.presentations.keys.sorted().enumerated() {
            if index > 0 { json.raw(",") }
            presentation(state.presentations[id]!, valuesSealed: valuesSealed, into: &json)
        }
        json.raw("]")
        json.key("dismissals")
        json.raw("[")
        for (index, row) in dismissals.enumerated() {
            if index > 0 { json.raw(",") }
            dismissal(row, into: &json)
        }
        json.raw("]")
        json.endObject()
        return json.text
    }

    private func presentation(_ presentation: Presentation, valuesSealed: Bool, into json: inout JSONWriter) {
        let id = presentation.id
        json.beginObject()
        json.key("id"); json.string(id)
        json.key("route"); json.route(presentation.route)
        json.key("baseline"); values(presentation.baseline, member: "baseline", presentation: id, sealed: valuesSealed, into: &json)
        json.key("values"); values(presentation.values, member: "values", presentation: id, sealed: valuesSealed, into: &json)
        json.key("edited"); json.strings(presentation.editedFields.sorted())
        json.key("required"); json.strings(presentation.required)
        json.key("guard"); json.string(presentation.dismissGuard.rawValue)
        json.key("pending")
        if let pending = presentation.pendingConfirmation {
            json.beginObject()
            json.key("source"); json.string(pending.source.rawValue)
            json.key("offersSave"); json.bool(pending.offersSave)
            json.endObject()
        } else {
            json.null()
        }
        json.key("restoredFrom")
        if let draft = presentation.restoredFrom { json.draft(draft) } else { json.null() }
        json.key("status"); json.string(presentation.status.rawValue)
        json.key("openedAt"); json.integer(presentation.openedAt)
        json.key("closedAt"); json.optionalInteger(presentation.closedAt)
        json.key("lastEditAt"); json.optionalInteger(presentation.lastEditAt)
        json.key("lastSaveFailureAt"); json.optionalInteger(presentation.lastSaveFailureAt)
        json.key("positions")
        if let positions = projected.positions[id] {
            json.beginObject()
            json.key("opened"); json.integer(positions.opened)
            json.key("last"); json.integer(positions.last)
            json.endObject()
        } else {
            json.null()
        }
        json.key("openAlert"); json.optionalInteger(projected.openAlerts[id])
        json.endObject()
    }

    private func values(_ values: [String: FieldValue], member: String, presentation: String, sealed: Bool, into json: inout JSONWriter) {
        json.beginObject()
        for field in values.keys.sorted(by: JSONWriter.keyPrecedes) {
            json.key(field)
            let value = values[field]!
            switch value {
            case .erased, .withheld:
                json.fieldValue(value, markers: .object)
            case .string, .number, .bool, .null:
                if sealed, let sealing = projected.sealing {
                    guard let key = sealing.key else {
                        // No key, yet a readable value: never written in clear in a sealed session.
                        json.fieldValue(.withheld, markers: .object)
                        continue
                    }
                    let cells = projected.cells[presentation]
                    let cell = member == "baseline" ? cells?.baseline[field] : cells?.values[field]
                    if let cell {
                        cell.write(into: &json)
                        continue
                    }
                    json.string(SealedCell.sealedAtBase(
                        value, session: session, presentation: presentation, member: member, field: field, with: key))
                } else {
                    json.fieldValue(value)
                }
            }
        }
        json.endObject()
    }

    private func dismissal(_ row: DismissalRow, into json: inout JSONWriter) {
        json.beginObject()
        json.key("position"); json.integer(row.position)
        json.key("presentation"); json.string(row.presentation)
        json.key("routeName"); json.string(row.routeName)
        json.key("routeGroup"); json.string(row.routeGroup)
        json.key("source"); json.string(row.source.rawValue)
        json.key("outcome"); json.string(row.outcome.rawValue)
        json.key("dirty"); json.bool(row.dirty)
        json.key("changedFields"); json.string(row.changedFields)
        json.key("confirmation"); json.bool(row.confirmation)
        json.key("offersSave"); json.bool(row.offersSave)
        json.key("occurredAt"); json.integer(row.occurredAt)
        json.key("resolution")
        if let resolution = row.resolution {
            json.beginObject()
            json.key("kind"); json.string(resolution.kind.rawValue)
            json.key("resolvedAt"); json.integer(resolution.resolvedAt)
            json.key("resolvedPosition"); json.integer(resolution.resolvedPosition)
            json.endObject()
        } else {
            json.null()
        }
        json.endObject()
    }
}

extension JSONWriter {
    fileprivate mutating func optionalInteger(_ number: Int64?) {
        if let number { integer(number) } else { null() }
    }
}
