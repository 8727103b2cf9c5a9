import GRDB
import SheetLogDomain
import SheetLogJSON
import SheetLogProjections

/// Migration 0017's step: in a sealed file, the `baseline` and `draft_values` cells of
/// `presentations` written before it (each value sealed again at the row's place) rewritten as the
/// cells every row is written with since (``SealedCell``: the bytes of the event that recorded the
/// value), so that a rebuild writes the same bytes as the rows hold.
///
/// Needs no key: the log is folded with every value withheld, and the cells are the events' sealed
/// texts as they stand. The rows of an erased subject (their values are markers, which a rebuild
/// writes too) are left as they are, and so is a row whose fields the fold does not give a cell for
/// each: `verify` reports it, `rebuild` replaces it.
///
/// A reader that cannot write (`verify` of a copy opened for reading only) runs it on its private
/// copy before comparing the rows with a rebuild.
enum SealedCellRerender {
    static func apply(_ db: Database) throws {
        guard try SealingRecord.read(in: db) != nil else { return }
        let erased = try String.fetchAll(db, sql: "SELECT subject FROM subject_keys WHERE wrapped_key IS NULL")
        let keys = GivenSubjectKeys(keys: Dictionary(erased.map { ($0, SubjectKey.erased) }, uniquingKeysWith: { first, _ in first }))
        let carried = try CarriedSession.storedSnapshots(in: db).map { try CarriedSession(snapshot: $0.snapshot, keys: keys) }
        let statement = try db.makeStatement(sql: RawEventChunk.selectSQL)
        let events = try Row.fetchCursor(statement)
        let (sessions, _) = try PipelinedEventScan.fold(keys: keys, carried: carried) { capacity in
            var chunk = RawEventChunk(capacity: capacity)
            while chunk.rows.count < capacity, try events.next() != nil {
                chunk.append(from: statement.sqliteStatement)
            }
            return chunk
        }
        let select = try db.makeStatement(sql: "SELECT baseline, draft_values FROM presentations WHERE session = ? AND presentation = ?")
        let update = try db.makeStatement(
            sql: "UPDATE presentations SET baseline = ?, draft_values = ? WHERE session = ? AND presentation = ?")
        for session in sessions where session.sealing != nil && session.sealing?.erased == false {
            for (id, presentation) in session.state.presentations {
                guard let cells = session.cells[id], let row = try Row.fetchOne(select, arguments: [session.session, id]) else { continue }
                let baseline: String = row[0], draft: String = row[1]
                guard let newBaseline = rerender(baseline, fields: presentation.baseline.keys, cells: cells.baseline),
                      let newDraft = rerender(draft, fields: presentation.values.keys, cells: cells.values),
                      newBaseline != baseline || newDraft != draft
                else { continue }
                try update.execute(arguments: [newBaseline, newDraft, session.session, id])
            }
        }
    }

    /// The column's text with each value its cell, when the text holds sealed strings for exactly
    /// `fields` and every one has a cell; nil otherwise (markers, or a row not the fold's).
    private static func rerender(_ text: String, fields: Dictionary<String, FieldValue>.Keys, cells: [String: SealedCell]) -> String? {
        guard case .object(let members)? = try? JSONValue.parse(text), members.count == fields.count,
              members.allSatisfy({ $0.value.string != nil && cells[$0.key] != nil })
        else { return nil }
        if fields.isEmpty { return "{}" }
        var json = JSONWriter(capacity: 96 * fields.count)
        json.beginObject()
        for field in fields.sorted(by: JSONWriter.keyPrecedes) {
            json.key(field)
            cells[field]!.write(into: &json)
        }
        json.endObject()
        return json.text
    }
}
