import SheetLogCore
import SheetLogJSON

/// A sealed value in a read model's cell (a presentation's `baseline` or `draft_values`) or a
/// carried state's snapshot: the sealed bytes where the value was recorded, and the place they were
/// sealed at, less what the cell's own row or snapshot names (its session, presentation and field).
///
/// - `e <version> <member> <base64> <event id>`: the bytes of the event that recorded the value
///   (``SealPosition/event(id:stream:version:member:field:)``), copied, never sealed again;
/// - `b <member> <base64>`: sealed where a prune carried it (``SealPosition/base(session:presentation:member:field:)``),
///   for a value no kept event holds (a state installed from an export's base lines);
/// - `<base64>` alone: written before migration 0017, sealed at the cell's own place (a read
///   model's ``SealPosition/projection(column:session:presentation:field:)``, a snapshot's base place).
///
/// Base64 holds no space, so the forms never meet; the event id comes last, so it may hold any text.
///
/// ```swift
/// let cell = SealedCell(text: "e 4 value AY3k… c9-1")
/// cell?.position(session: "s1", presentation: "p1", field: "amount", legacy: place)  // .event(id: "c9-1", stream: "s1", version: 4, …)
/// ```
package enum SealedCell: Sendable, Hashable {
    case event(version: Int64, member: String, sealed: String, eventID: String)
    case base(member: String, sealed: String)
    case legacy(sealed: String)

    package init?(text: String) {
        guard text.utf8.contains(UInt8(ascii: " ")) else {
            guard !text.isEmpty else { return nil }
            self = .legacy(sealed: text)
            return
        }
        let parts = text.split(separator: " ", maxSplits: 4, omittingEmptySubsequences: false)
        switch parts.first {
        case "e":
            guard parts.count == 5, let version = Int64(parts[1]), !parts[2].isEmpty, !parts[3].isEmpty else { return nil }
            self = .event(version: version, member: String(parts[2]), sealed: String(parts[3]), eventID: String(parts[4]))
        case "b":
            let base = text.split(separator: " ", omittingEmptySubsequences: false)
            guard base.count == 3, !base[1].isEmpty, !base[2].isEmpty else { return nil }
            self = .base(member: String(base[1]), sealed: String(base[2]))
        default:
            return nil
        }
    }

    package var text: String {
        switch self {
        case let .event(version, member, sealed, eventID): return "e \(version) \(member) \(sealed) \(eventID)"
        case let .base(member, sealed): return "b \(member) \(sealed)"
        case let .legacy(sealed): return sealed
        }
    }

    /// ``text`` as a JSON string, written in place: a rebuild writes a cell for every value of
    /// the log, and making each text first cost an eighth of a sealed rebuild.
    package func write(into json: inout JSONWriter) {
        json.quote()
        switch self {
        case let .event(version, member, sealed, eventID):
            json.raw("e ")
            json.integer(version)
            json.raw(" ")
            json.stringContent(member)
            json.raw(" ")
            json.stringContent(sealed)
            json.raw(" ")
            json.stringContent(eventID)
        case let .base(member, sealed):
            json.raw("b ")
            json.stringContent(member)
            json.raw(" ")
            json.stringContent(sealed)
        case let .legacy(sealed):
            json.stringContent(sealed)
        }
        json.quote()
    }

    package var sealed: String {
        switch self {
        case let .event(_, _, sealed, _), let .base(_, sealed), let .legacy(sealed): return sealed
        }
    }

    /// The place the bytes were sealed at, for a cell of `field` of `presentation` in `session`;
    /// `legacy` is the cell's own place, where a cell written before migration 0017 was sealed.
    package func position(session: String, presentation: String, field: String, legacy: SealPosition) -> SealPosition {
        switch self {
        case let .event(version, member, _, eventID):
            return .event(id: eventID, stream: session, version: version, member: member, field: field)
        case let .base(member, _):
            return .base(session: session, presentation: presentation, member: member, field: field)
        case .legacy:
            return legacy
        }
    }

    /// Whether the cell can stand in a baseline (`inBaseline`) or a draft: a baseline's value was
    /// recorded as a baseline; a draft's may be any (a sheet presented without a draft takes its
    /// baseline's cells).
    package func fits(inBaseline: Bool) -> Bool {
        switch self {
        case let .event(_, member, _, _), let .base(member, _): return !inBaseline || member == "baseline"
        case .legacy: return true
        }
    }

    /// The value the cell `text` holds, or nil when it does not open there with `key` (altered,
    /// moved to another session or field, a draft's value in a baseline, or not a cell).
    package static func open(
        _ text: String, session: String, presentation: String, field: String, inBaseline: Bool, legacy: SealPosition, with key: DataKey
    ) -> FieldValue? {
        guard let cell = SealedCell(text: text), cell.fits(inBaseline: inBaseline) else { return nil }
        return SealedText.open(
            cell.sealed, at: cell.position(session: session, presentation: presentation, field: field, legacy: legacy), with: key)
    }

    /// The cell of `value` sealed where a prune carries it: for a value whose recording event's
    /// bytes are not at hand (a state installed from an export's clear base lines).
    package static func sealedAtBase(
        _ value: FieldValue, session: String, presentation: String, member: String, field: String, with key: DataKey
    ) -> String {
        let sealed = SealedText.seal(value, at: .base(session: session, presentation: presentation, member: member, field: field), with: key)
        return SealedCell.base(member: member, sealed: sealed).text
    }
}
