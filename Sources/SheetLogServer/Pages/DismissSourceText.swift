import SheetLog

/// A dismissal's source in words.
enum DismissSourceText {
    static func phrase(_ source: DismissSource) -> String {
        switch source {
        case .swipe: return "swipe down"
        case .cancelButton: return "tap on Cancel"
        case .programmatic: return "dismissal by code"
        }
    }
}
