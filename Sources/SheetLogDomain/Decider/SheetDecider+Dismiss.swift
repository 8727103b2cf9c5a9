extension SheetDecider {
    /// The outcome of dismissing `top` from `source`, by DESIGN.md's table:
    ///
    /// | top sheet           | swipe                      | cancelButton                | programmatic |
    /// |---------------------|----------------------------|-----------------------------|--------------|
    /// | not disabled        | dismissed                  | dismissed                   | dismissed    |
    /// | disabled, dirty     | blocked + alert with Save  | blocked + alert without Save| forced       |
    /// | disabled, clean     | blocked, no alert          | dismissed                   | dismissed    |
    static func attempt(_ source: DismissSource, on top: Presentation) -> SheetEvent.AttemptDismiss {
        let dirty = top.isDirty
        let outcome: DismissOutcome
        var confirmation: PendingConfirmation?
        if !top.isDismissDisabled {
            outcome = .dismissed
        } else if dirty {
            switch source {
            case .swipe:
                outcome = .blocked
                confirmation = PendingConfirmation(source: source, offersSave: true)
            case .cancelButton:
                outcome = .blocked
                confirmation = PendingConfirmation(source: source, offersSave: false)
            case .programmatic:
                outcome = .forced
            }
        } else {
            outcome = source == .swipe ? .blocked : .dismissed
        }
        return SheetEvent.AttemptDismiss(
            presentation: top.id, source: source, outcome: outcome, dirty: dirty,
            changedFields: dirty ? top.changedFields : [], confirmation: confirmation != nil,
            offersSave: confirmation?.offersSave, popped: outcome != .blocked)
    }

    /// One `attemptDismiss` per sheet, top down, stopping after the first that stays on screen.
    static func dismissAll(_ source: DismissSource, state: SessionState, at occurredAt: Int64) -> [SheetEvent] {
        var working = state
        var events: [SheetEvent] = []
        while let top = working.top, top.pendingConfirmation == nil {
            let event = SheetEvent(occurredAt: occurredAt, .attemptDismiss(attempt(source, on: top)))
            events.append(event)
            working.apply(event)
            if working.top?.id == top.id { break }
        }
        return events
    }
}
