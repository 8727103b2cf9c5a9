import SheetLogCore
import SheetLogDomain
import SheetLogJSON

extension CarriedSession {
    /// Reads a snapshot ``snapshotJSON()`` wrote. A sealed session's values open with its subject's
    /// key from `keys`; an erased subject's read as ``FieldValue/erased``, a key this reader lacks
    /// gives ``FieldValue/withheld``. Throws ``SheetLogError/Code/integrityViolation`` naming the
    /// session (never a value) when the text is not a snapshot or a value does not open.
    ///
    /// With `valuesSealed` false the values are read as written in clear (an export's `baseSession`
    /// line, ``snapshotJSON(valuesSealed:)``), while the subject still takes its key from `keys`.
    package init(snapshot text: String, keys: any SubjectKeys, valuesSealed: Bool = true) throws(SheetLogError) {
        let json: JSONValue
        do {
            json = try JSONValue.parse(text)
        } catch {
            throw Self.broken("its text is not JSON", session: nil)
        }
        var reader = SnapshotReader(json: json, session: nil)
        let session = try reader.string("session")
        reader.session = session
        var projected = ProjectedSession(session: session)
        if let subject = try reader.optionalString("subject") {
            projected.sealing = SessionSealing(subject: subject, key: try keys.key(for: subject))
        }
        projected.state.version = try reader.integer("version")
        projected.state.stackIDs = try reader.strings("stack")
        projected.state.ended = try reader.bool("ended")
        projected.state.endedAt = try reader.optionalInteger("endedAt")
        projected.streamVersion = try reader.integer("streamVersion")
        guard let chain = Checksum.bytes(hex: try reader.string("streamChain")) else { throw reader.broken("streamChain") }
        projected.streamChain = chain
        projected.firstPosition = try reader.optionalInteger("firstPosition")
        projected.startedAt = try reader.optionalInteger("startedAt")
        projected.foldedVersion = try reader.integer("foldedVersion")
        projected.lastPosition = try reader.integer("lastPosition")
        projected.lastEventAt = try reader.optionalInteger("lastEventAt")
        for item in try reader.array("presentations") {
            let nested = SnapshotReader(json: item, session: session)
            let id = try nested.string("id")
            let sealing = valuesSealed ? projected.sealing : nil
            let (baseline, baselineCells) = try nested.values("baseline", presentation: id, sealing: sealing)
            let (values, valueCells) = try nested.values("values", presentation: id, sealing: sealing)
            if sealing != nil { projected.cells[id] = PresentationCells(baseline: baselineCells, values: valueCells) }
            let presentation = try Presentation(
                id: id, route: nested.route("route"), baseline: baseline, values: values,
                required: nested.strings("required"), dismissGuard: nested.enumeration("guard"),
                pendingConfirmation: nested.pending("pending"), restoredFrom: nested.draft("restoredFrom"),
                status: nested.enumeration("status"), openedAt: nested.integer("openedAt"),
                closedAt: nested.optionalInteger("closedAt"), lastEditAt: nested.optionalInteger("lastEditAt"),
                lastSaveFailureAt: nested.optionalInteger("lastSaveFailureAt"), editedFields: Set(nested.strings("edited")))
            projected.state.presentations[id] = presentation
            if let positions = try nested.optionalObject("positions") {
                let inner = SnapshotReader(json: positions, session: session)
                projected.positions[id] = .init(opened: try inner.integer("opened"), last: try inner.integer("last"))
            }
            if let alert = try nested.optionalInteger("openAlert") { projected.openAlerts[id] = alert }
        }
        var dismissals: [DismissalRow] = []
        for item in try reader.array("dismissals") {
            let row = SnapshotReader(json: item, session: session)
            var resolution: DismissalResolution?
            if let object = try row.optionalObject("resolution") {
                let inner = SnapshotReader(json: object, session: session)
                resolution = DismissalResolution(
                    dismissalPosition: try row.integer("position"), kind: try inner.enumeration("kind"),
                    resolvedAt: try inner.integer("resolvedAt"), resolvedPosition: try inner.integer("resolvedPosition"))
            }
            dismissals.append(DismissalRow(
                position: try row.integer("position"), session: session, presentation: try row.string("presentation"),
                routeName: try row.string("routeName"), routeGroup: try row.string("routeGroup"), source: try row.enumeration("source"),
                outcome: try row.enumeration("outcome"), dirty: try row.bool("dirty"), changedFields: try row.string("changedFields"),
                confirmation: try row.bool("confirmation"), offersSave: try row.bool("offersSave"),
                occurredAt: try row.integer("occurredAt"), resolution: resolution))
        }
        self.init(projected, dismissals: dismissals)
    }

    fileprivate static func broken(_ problem: String, session: String?) -> SheetLogError {
        SheetLogError(
            .integrityViolation, "the state a prune carried for session \(session ?? "?") cannot be read: \(problem)",
            context: .init(stream: session, operation: "carried state"))
    }
}

/// Members of one object of a snapshot, each required unless read as optional.
private struct SnapshotReader {
    let json: JSONValue
    var session: String?

    func broken(_ member: String) -> SheetLogError {
        CarriedSession.broken("member \(member) is missing or of the wrong kind", session: session)
    }

    private func member(_ name: String) throws(SheetLogError) -> JSONValue {
        guard let value = json[name] else { throw broken(name) }
        return value
    }

    func string(_ name: String) throws(SheetLogError) -> String {
        guard let text = try member(name).string else { throw broken(name) }
        return text
    }

    func optionalString(_ name: String) throws(SheetLogError) -> String? {
        let value = try member(name)
        if value.isNull { return nil }
        guard let text = value.string else { throw broken(name) }
        return text
    }

    func bool(_ name: String) throws(SheetLogError) -> Bool {
        guard let flag = try member(name).bool else { throw broken(name) }
        return flag
    }

    func integer(_ name: String) throws(SheetLogError) -> Int64 {
        guard case .number(let number) = try member(name), let integer = Int64(exactly: number) else { throw broken(name) }
        return integer
    }

    func optionalInteger(_ name: String) throws(SheetLogError) -> Int64? {
        if try member(name).isNull { return nil }
        return try integer(name)
    }

    func strings(_ name: String) throws(SheetLogError) -> [String] {
        guard case .array(let items) = try member(name) else { throw broken(name) }
        var strings: [String] = []
        strings.reserveCapacity(items.count)
        for item in items {
            guard let text = item.string else { throw broken(name) }
            strings.append(text)
        }
        return strings
    }

    func array(_ name: String) throws(SheetLogError) -> [JSONValue] {
        guard case .array(let items) = try member(name) else { throw broken(name) }
        return items
    }

    func optionalObject(_ name: String) throws(SheetLogError) -> JSONValue? {
        let value = try member(name)
        if value.isNull { return nil }
        guard case .object = value else { throw broken(name) }
        return value
    }

    func enumeration<T: RawRepresentable>(_ name: String) throws(SheetLogError) -> T where T.RawValue == String {
        guard let value = T(rawValue: try string(name)) else { throw broken(name) }
        return value
    }

    func pending(_ name: String) throws(SheetLogError) -> PendingConfirmation? {
        guard let object = try optionalObject(name) else { return nil }
        let inner = SnapshotReader(json: object, session: session)
        return PendingConfirmation(source: try inner.enumeration("source"), offersSave: try inner.bool("offersSave"))
    }

    func draft(_ name: String) throws(SheetLogError) -> DraftReference? {
        guard let object = try optionalObject(name) else { return nil }
        let inner = SnapshotReader(json: object, session: session)
        return DraftReference(session: try inner.string("session"), presentation: try inner.string("presentation"))
    }

    func route(_ name: String) throws(SheetLogError) -> Route {
        guard let object = try optionalObject(name) else { throw broken(name) }
        let inner = SnapshotReader(json: object, session: session)
        guard case .object(let members) = try inner.member("params") else { throw broken("\(name).params") }
        var params: [String: String] = [:]
        for member in members {
            guard let text = member.value.string else { throw broken("\(name).params") }
            params[member.key] = text
        }
        return Route(name: try inner.string("name"), group: try inner.string("group"), params: params)
    }

    /// A form: scalars in a plain session; sealed texts, or marker objects, in a sealed one.
    /// The values of `name` (`baseline`, `values`), and the cells of those that are sealed (each a
    /// ``SealedCell``: a snapshot written before migration 0017 holds them sealed at its base place).
    func values(
        _ name: String, presentation: String, sealing: SessionSealing?
    ) throws(SheetLogError) -> (values: [String: FieldValue], cells: [String: SealedCell]) {
        guard case .object(let members) = try member(name) else { throw broken(name) }
        var values: [String: FieldValue] = Dictionary(minimumCapacity: members.count)
        var cells: [String: SealedCell] = [:]
        for member in members {
            values[member.key] = try value(
                member.value, field: member.key, member: name, presentation: presentation, sealing: sealing, cells: &cells)
        }
        return (values, cells)
    }

    private func value(
        _ json: JSONValue, field: String, member: String, presentation: String, sealing: SessionSealing?,
        cells: inout [String: SealedCell]
    ) throws(SheetLogError) -> FieldValue {
        let place = "\(member) of presentation \(presentation)"
        if case .object = json {
            if json["erased"]?.bool == true { return .erased }
            if json["withheld"]?.bool == true { return .withheld }
            throw CarriedSession.broken("a value of \(place) is an object that is no marker", session: session)
        }
        guard let sealing else {
            switch json {
            case .string(let text): return .string(text)
            case .number(let number): return .number(number)
            case .bool(let flag): return .bool(flag)
            case .null: return .null
            case .object, .array: throw CarriedSession.broken("a value of \(place) is an array", session: session)
            }
        }
        guard let text = json.string, var cell = SealedCell(text: text), cell.fits(inBaseline: member == "baseline") else {
            throw CarriedSession.broken("a value of \(place) is not sealed", session: session)
        }
        if case .legacy(let sealed) = cell { cell = .base(member: member, sealed: sealed) }
        cells[field] = cell
        guard let key = sealing.key else {
            // The prune's reader had the key; this one has not: erased, or withheld.
            return sealing.erased ? .erased : .withheld
        }
        let session = session ?? ""
        let position = cell.position(
            session: session, presentation: presentation, field: field,
            legacy: .base(session: session, presentation: presentation, member: member, field: field))
        guard let opened = SealedText.open(cell.sealed, at: position, with: key) else {
            throw CarriedSession.broken("a sealed value of \(place) does not open with its subject's key", session: session)
        }
        return opened
    }
}
