import SheetLogCore
import SheetLogDomain
import SheetLogProjections
import Testing

/// A cell names the place its bytes were sealed at, and opens there only.
@Suite("sealed cells")
struct SealedCellTests {
    let key = DataKey.random()

    func eventCell(_ value: FieldValue, id: String, stream: String, version: Int64, member: String, field: String) -> String {
        let sealed = SealedText.seal(value, at: .event(id: id, stream: stream, version: version, member: member, field: field), with: key)
        return SealedCell.event(version: version, member: member, sealed: sealed, eventID: id).text
    }

    @Test("every form reads back as written, an event id holding spaces included; what is no cell is refused")
    func forms() {
        let cells: [SealedCell] = [
            .event(version: 4, member: "value", sealed: "AY3k+/=", eventID: "c9-1"),
            .event(version: 12, member: "baseline", sealed: "QQ==", eventID: "an id with spaces  -2"),
            .base(member: "values", sealed: "QUJD"),
            .legacy(sealed: "QUJDRA=="),
        ]
        for cell in cells { #expect(SealedCell(text: cell.text) == cell) }
        for text in ["", "e 4 value", "e x value QQ== c1", "e 4  QQ== c1", "b values", "b  QQ==", "b values QQ== x", "x 1 2"] {
            #expect(SealedCell(text: text) == nil, "\(text)")
        }
    }

    @Test("an event's cell opens in its session and field only; a legacy cell at its own place")
    func opensWhereItNames() {
        let legacy = SealPosition.projection(column: "draft_values", session: "s1", presentation: "p1", field: "amount")
        let cell = eventCell("47.50", id: "c9-1", stream: "s1", version: 4, member: "value", field: "amount")
        #expect(SealedCell.open(cell, session: "s1", presentation: "p1", field: "amount", inBaseline: false, legacy: legacy, with: key) == "47.50")
        #expect(SealedCell.open(cell, session: "s2", presentation: "p1", field: "amount", inBaseline: false, legacy: legacy, with: key) == nil)
        #expect(SealedCell.open(cell, session: "s1", presentation: "p1", field: "note", inBaseline: false, legacy: legacy, with: key) == nil)
        #expect(SealedCell.open(cell, session: "s1", presentation: "p1", field: "amount", inBaseline: false, legacy: legacy, with: .random()) == nil)
        // The cell's version or member changed: another place.
        let moved = cell.replacingOccurrences(of: "e 4 ", with: "e 5 ")
        #expect(SealedCell.open(moved, session: "s1", presentation: "p1", field: "amount", inBaseline: false, legacy: legacy, with: key) == nil)

        let old = SealedText.seal("12", at: legacy, with: key)
        #expect(SealedCell.open(old, session: "s1", presentation: "p1", field: "amount", inBaseline: false, legacy: legacy, with: key) == "12")
        let elsewhere = SealPosition.projection(column: "baseline", session: "s1", presentation: "p1", field: "amount")
        #expect(SealedCell.open(old, session: "s1", presentation: "p1", field: "amount", inBaseline: false, legacy: elsewhere, with: key) == nil)

        // A draft's value (an edit's) stands in no baseline; a baseline's may stand in a draft.
        #expect(SealedCell.open(cell, session: "s1", presentation: "p1", field: "amount", inBaseline: true, legacy: legacy, with: key) == nil)
        let baselineCell = eventCell("1.00", id: "c1-1", stream: "s1", version: 1, member: "baseline", field: "amount")
        #expect(SealedCell.open(baselineCell, session: "s1", presentation: "p1", field: "amount", inBaseline: true, legacy: legacy, with: key) == "1.00")
        #expect(SealedCell.open(baselineCell, session: "s1", presentation: "p1", field: "amount", inBaseline: false, legacy: legacy, with: key) == "1.00")

        let base = SealedCell.sealedAtBase(.number(3), session: "s1", presentation: "p1", member: "values", field: "n", with: key)
        #expect(SealedCell.open(base, session: "s1", presentation: "p1", field: "n", inBaseline: false, legacy: legacy, with: key) == .number(3))
        #expect(SealedCell.open(base, session: "s1", presentation: "p2", field: "n", inBaseline: false, legacy: legacy, with: key) == nil)
    }
}
