import SheetLog

/// The outcome badge of an `attemptDismiss`: dismissed, blocked or forced.
enum EventBadge {
    static func outcome(of event: SheetEvent) -> HTML {
        guard case .attemptDismiss(let payload) = event.kind else { return .empty }
        return "<span class=\"badge outcome-\(payload.outcome.rawValue)\">\(payload.outcome.rawValue)</span>"
    }
}
