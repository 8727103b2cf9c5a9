extension Presentation {
    /// Whether the draft differs from the baseline, field by field (`""`, null and absent are all
    /// empty). A field whose baseline or draft was read without its key (``FieldValue/isWithheld``:
    /// the fleet without the subject's key) counts as changed when an event wrote it since the
    /// baseline (``editedFields``), so that the dirty state, the locked swipe and the recoverable
    /// drafts stay without the values.
    public var isDirty: Bool { FieldValue.differ(baseline, values, edited: editedFields) }

    /// The names of the fields whose draft differs from the baseline, sorted (unreadable values as
    /// in ``isDirty``).
    public var changedFields: [String] { FieldValue.changedFields(from: baseline, to: values, edited: editedFields) }

    /// Whether the swipe is locked: guard `always`, or guard `whenDirty` and dirty.
    public var isDismissDisabled: Bool {
        switch dismissGuard {
        case .always: return true
        case .whenDirty: return isDirty
        case .never: return false
        }
    }

    /// The first required field that is empty in `values`, nil when Save is possible.
    public func firstMissingRequiredField(in values: [String: FieldValue]) -> String? {
        required.first { FieldValue.isEmpty(values[$0]) }
    }

    /// Whether every required field is non-empty in the current draft.
    public var canSave: Bool { firstMissingRequiredField(in: values) == nil }

    /// Whether the sheet is on screen.
    public var isOpen: Bool { status == .open }

    /// Why the draft can be recovered, or nil when it can't.
    ///
    /// A dirty draft is recoverable unless it was saved, discarded after a confirmation, restored
    /// or declined: `open` while still on screen (the app died), `abandoned` when it left dirty.
    public var recoveryReason: RecoverableDraft.Reason? {
        switch status {
        case .open: return isDirty ? .open : nil
        case .abandoned: return isDirty ? .abandoned : nil
        case .saved, .discarded, .dismissed, .restored, .declined: return nil
        }
    }

    /// Whether the draft can be restored or declined.
    public var isRecoverable: Bool { recoveryReason != nil }
}
