import Foundation
import SheetLogCore

/// The wall clock: `Date()` in milliseconds since 1970.
public struct SystemClock: SheetLogClock {
    public init() {}

    public func nowMilliseconds() -> Int64 {
        Int64((Date().timeIntervalSince1970 * 1000).rounded(.down))
    }
}
