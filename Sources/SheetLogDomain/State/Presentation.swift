/// One sheet in a session: its route, form baseline and draft, guard, and status.
///
/// Presentations stay in ``SessionState/presentations`` after they leave the screen, so that
/// recoverability and the "id unused in the session" rule can look at them.
///
/// A value type backed by one copy-on-write box: a session holds hundreds of presentations, and
/// every recorded command snapshots its ``SessionState``, so copying the state's dictionary must
/// cost one reference per presentation, not one per field.
///
/// ```swift
/// var sheet = Presentation(id: "p1", route: Route(name: "newExpense"), openedAt: 1_000)
/// sheet.values["amount"] = "47.50"
/// sheet.isDirty  // true
/// ```
public struct Presentation: Sendable, Hashable, Identifiable {
    private var storage: PresentationStorage

    /// Unique within the session; chosen by the client.
    public var id: String {
        get { storage.fields.id }
        _modify {
            makeUnique()
            yield &storage.fields.id
        }
    }

    public var route: Route {
        get { storage.fields.route }
        _modify {
            makeUnique()
            yield &storage.fields.route
        }
    }

    /// Field values when presented: empty for a creation form, the item's values for an edit form.
    public var baseline: [String: FieldValue] {
        get { storage.fields.baseline }
        _modify {
            makeUnique()
            yield &storage.fields.baseline
        }
    }

    /// The current draft.
    public var values: [String: FieldValue] {
        get { storage.fields.values }
        _modify {
            makeUnique()
            yield &storage.fields.values
        }
    }

    /// What tells whether a field changed where its values cannot be compared — sealed values read
    /// without their key (see ``isDirty``): the fields that differ from the baseline as the events
    /// recorded them (a sealed event since `RecordedChanges` records exactly which of the fields it
    /// wrote do, and a dismissal attempt its `changedFields`); an older event's fields count as
    /// changed once it wrote them (a present's `values`, an edit, a save).
    public var editedFields: Set<String> {
        get { storage.fields.editedFields }
        _modify {
            makeUnique()
            yield &storage.fields.editedFields
        }
    }

    /// Fields that must be non-empty for Save.
    public var required: [String] {
        get { storage.fields.required }
        _modify {
            makeUnique()
            yield &storage.fields.required
        }
    }

    public var dismissGuard: DismissGuard {
        get { storage.fields.dismissGuard }
        _modify {
            makeUnique()
            yield &storage.fields.dismissGuard
        }
    }

    /// The discard alert, while it is up.
    public var pendingConfirmation: PendingConfirmation? {
        get { storage.fields.pendingConfirmation }
        _modify {
            makeUnique()
            yield &storage.fields.pendingConfirmation
        }
    }

    /// The draft this presentation was restored from, if any.
    public var restoredFrom: DraftReference? {
        get { storage.fields.restoredFrom }
        _modify {
            makeUnique()
            yield &storage.fields.restoredFrom
        }
    }

    public var status: PresentationStatus {
        get { storage.fields.status }
        _modify {
            makeUnique()
            yield &storage.fields.status
        }
    }

    /// Milliseconds since 1970, from the caller's clock.
    public var openedAt: Int64 {
        get { storage.fields.openedAt }
        _modify {
            makeUnique()
            yield &storage.fields.openedAt
        }
    }

    public var closedAt: Int64? {
        get { storage.fields.closedAt }
        _modify {
            makeUnique()
            yield &storage.fields.closedAt
        }
    }

    /// When the draft last changed (an edit, or a present with recovered values).
    public var lastEditAt: Int64? {
        get { storage.fields.lastEditAt }
        _modify {
            makeUnique()
            yield &storage.fields.lastEditAt
        }
    }

    /// When the app's repository last failed to save it; cleared by a successful save.
    public var lastSaveFailureAt: Int64? {
        get { storage.fields.lastSaveFailureAt }
        _modify {
            makeUnique()
            yield &storage.fields.lastSaveFailureAt
        }
    }

    public init(
        id: String, route: Route, baseline: [String: FieldValue] = [:], values: [String: FieldValue]? = nil,
        required: [String] = [], dismissGuard: DismissGuard = .whenDirty,
        pendingConfirmation: PendingConfirmation? = nil, restoredFrom: DraftReference? = nil,
        status: PresentationStatus = .open, openedAt: Int64, closedAt: Int64? = nil, lastEditAt: Int64? = nil,
        lastSaveFailureAt: Int64? = nil, editedFields: Set<String> = []
    ) {
        storage = PresentationStorage(PresentationStorage.Fields(
            id: id, route: route, baseline: baseline, values: values ?? baseline, editedFields: editedFields, required: required,
            dismissGuard: dismissGuard, pendingConfirmation: pendingConfirmation, restoredFrom: restoredFrom,
            status: status, openedAt: openedAt, closedAt: closedAt, lastEditAt: lastEditAt,
            lastSaveFailureAt: lastSaveFailureAt))
    }

    public static func == (lhs: Presentation, rhs: Presentation) -> Bool {
        lhs.storage === rhs.storage || lhs.storage.fields == rhs.storage.fields
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(storage.fields)
    }

    private mutating func makeUnique() {
        if !isKnownUniquelyReferenced(&storage) { storage = PresentationStorage(storage.fields) }
    }
}
