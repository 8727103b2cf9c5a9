import GRDB
import SheetLogDomain
import SheetLogJSON
import SheetLogProjections

/// Migration 0007's step: the `baseline` and `draft_values` of `presentations` written under the
/// projections' old number rule (`-0.0`, `9007199254740992.0`) re-rendered from their values by
/// today's writer, the one every projection row is written with (``ProjectionJSON``).
///
/// Only texts holding `.0` can differ (the old rule only ever added a `.0`), so the others are not
/// read. A text that does not read back as an object of field values is left as it is: it is not
/// the old rule's doing, `verify` reports it and `rebuild` replaces it.
enum ProjectionNumberRerender {
    static func apply(_ db: Database) throws {
        var rewritten: [(session: String, presentation: String, baseline: String, draft: String)] = []
        let rows = try Row.fetchCursor(db, sql: """
            SELECT session, presentation, baseline, draft_values FROM presentations
            WHERE instr(baseline, '.0') > 0 OR instr(draft_values, '.0') > 0
            """)
        while let row = try rows.next() {
            let baseline: String = row["baseline"], draft: String = row["draft_values"]
            let (newBaseline, newDraft) = (rerender(baseline), rerender(draft))
            if newBaseline != baseline || newDraft != draft {
                rewritten.append((row["session"], row["presentation"], newBaseline, newDraft))
            }
        }
        for row in rewritten {
            try db.execute(
                sql: "UPDATE presentations SET baseline = ?, draft_values = ? WHERE session = ? AND presentation = ?",
                arguments: [row.baseline, row.draft, row.session, row.presentation])
        }
    }

    /// `text` as today's writer spells its values; `text` itself when it is not an object of field values.
    static func rerender(_ text: String) -> String {
        guard let json = try? JSONValue.parse(text), let values = [String: FieldValue](json: json) else { return text }
        return ProjectionJSON.object(values)
    }
}
