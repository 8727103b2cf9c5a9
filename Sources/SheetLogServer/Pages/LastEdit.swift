import SheetLog

/// Where a draft was last edited in its session's timeline.
enum LastEdit {
    /// The version of the last event that changed `presentation`'s values (an edit, or a present
    /// with recovered values), else the version that presented it; nil when it is not in `steps`.
    static func version(of presentation: String, in steps: [ReplayStep]) -> Int64? {
        var presented: Int64?
        for step in steps.reversed() {
            switch step.sheetEvent.kind {
            case .edit(let payload) where payload.presentation == presentation:
                return step.version
            case .present(let payload) where payload.presentation == presentation:
                if payload.values != nil { return step.version }
                presented = step.version
            case .present, .edit, .attemptDismiss, .confirmDiscard, .keepEditing, .save, .saveFailed, .restoreDraft, .declineDraft, .endSession:
                continue
            }
        }
        return presented
    }
}
