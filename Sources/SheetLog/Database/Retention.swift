/// How long a device keeps its log: ``SheetLogDatabase/Options/retention``.
///
/// ```swift
/// var options = SheetLogDatabase.Options()
/// options.retention = .days(30)  // pruned at open, then at most once a day, in the background
/// ```
public enum Retention: Sendable, Hashable {
    /// Nothing is removed unless the app calls ``SheetLogDatabase/prune(before:)`` (the default).
    case none
    /// What was recorded more than this many days ago (the options' clock) is pruned, as
    /// ``SheetLogDatabase/prune(before:)`` prunes: at open, then at most once a day while open.
    case days(Int)

    /// The prune's horizon in milliseconds; nil for ``none``. Throws for fewer than one day.
    func horizon() throws(SheetLogError) -> Int64? {
        switch self {
        case .none:
            return nil
        case .days(let days):
            guard days >= 1, days <= 36_500 else {
                throw SheetLogError(
                    .invalidInput, "retention of \(days) days: keep at least 1 day and at most 36,500",
                    context: .init(operation: "open"))
            }
            return Int64(days) * AutomaticRetention.day
        }
    }
}
