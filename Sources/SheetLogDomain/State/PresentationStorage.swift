/// The copy-on-write box behind ``Presentation``: its fields, shared until one copy is changed.
///
/// `@unchecked Sendable` because the box is only mutated through ``Presentation``, which first
/// makes it uniquely referenced; a shared box is never written.
final class PresentationStorage: @unchecked Sendable {
    struct Fields: Sendable, Hashable {
        var id: String
        var route: Route
        var baseline: [String: FieldValue]
        var values: [String: FieldValue]
        var editedFields: Set<String>
        var required: [String]
        var dismissGuard: DismissGuard
        var pendingConfirmation: PendingConfirmation?
        var restoredFrom: DraftReference?
        var status: PresentationStatus
        var openedAt: Int64
        var closedAt: Int64?
        var lastEditAt: Int64?
        var lastSaveFailureAt: Int64?
    }

    var fields: Fields

    init(_ fields: Fields) {
        self.fields = fields
    }
}
