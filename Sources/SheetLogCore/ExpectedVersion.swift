/// What a writer expects a stream's version to be when it appends.
///
/// Versions count a stream's events from 1; a stream that has no events has version 0.
///
/// ```swift
/// try await store.append(events, to: "session-1", expecting: .exact(3))
/// ```
public enum ExpectedVersion: Sendable, Hashable, CustomStringConvertible {
    /// Append whatever the stream's version is.
    case any
    /// The stream must have no events yet.
    case noStream
    /// The stream must have at least one event.
    case streamExists
    /// The stream's version must be exactly this (0 means "no events yet").
    case exact(Int64)

    /// Whether a stream currently at `actual` (0 when empty) satisfies this expectation.
    public func isSatisfied(byActualVersion actual: Int64) -> Bool {
        switch self {
        case .any: return true
        case .noStream: return actual == 0
        case .streamExists: return actual > 0
        case .exact(let expected): return actual == expected
        }
    }

    public var description: String {
        switch self {
        case .any: return "any"
        case .noStream: return "noStream"
        case .streamExists: return "streamExists"
        case .exact(let version): return "exact(\(version))"
        }
    }
}
