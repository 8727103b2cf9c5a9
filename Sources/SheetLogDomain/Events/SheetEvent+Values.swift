extension SheetEvent.Kind {
    /// The event with each form value it carries passed through `transform`: a present's baseline
    /// and values, an edit's value, a save's values. Field names and everything else stay.
    package func mappingValues(_ transform: (FieldValue) -> FieldValue) -> SheetEvent.Kind {
        switch self {
        case .present(var payload):
            payload.baseline = payload.baseline.mapValues(transform)
            payload.values = payload.values.map { $0.mapValues(transform) }
            return .present(payload)
        case .edit(var payload):
            payload.value = transform(payload.value)
            return .edit(payload)
        case .save(var payload):
            payload.values = payload.values.mapValues(transform)
            return .save(payload)
        case .attemptDismiss, .confirmDiscard, .keepEditing, .saveFailed, .restoreDraft, .declineDraft, .endSession:
            return self
        }
    }

    /// The event with every form value read as `marker` (an erased subject's, or one whose key is
    /// not at hand).
    package func everyValue(readingAs marker: FieldValue) -> SheetEvent.Kind {
        mappingValues { _ in marker }
    }
}
