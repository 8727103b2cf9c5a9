import SheetLogDomain

/// The JSON columns of one presentation row, and its `dirty` flag, encoded away from the
/// database's thread: what a rebuild's row costs most apart from SQLite's own insert.
///
/// Made with the functions the inline writer uses (``ProjectionJSON``,
/// ``Presentation/changedFields``), so the texts are the ones it writes.
struct PresentationRowJSON: Sendable {
    var id: String
    var routeParams: String
    var required: String
    var baseline: String
    var values: String
    var dirty: Bool
    var changedFields: String

    init(id: String, _ presentation: Presentation, of session: ProjectedSession) {
        let changed = presentation.changedFields
        self.id = id
        routeParams = ProjectionJSON.object(presentation.route.params)
        required = ProjectionJSON.array(presentation.required)
        baseline = session.valuesJSON(presentation.baseline, member: "baseline", presentation: id)
        values = session.valuesJSON(presentation.values, member: "values", presentation: id)
        dirty = !changed.isEmpty
        changedFields = ProjectionJSON.array(changed)
    }

    /// The rows of every presentation of `session`, in id order (the order rebuild inserts them in).
    static func rows(of session: ProjectedSession) -> [PresentationRowJSON] {
        session.state.presentations.keys.sorted().compactMap { id in
            session.state.presentations[id].map { PresentationRowJSON(id: id, $0, of: session) }
        }
    }
}
