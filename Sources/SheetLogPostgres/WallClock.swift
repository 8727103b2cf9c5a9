import Foundation
import SheetLogCore

/// The wall clock: `Date()` in milliseconds since 1970 (SheetLogSQLite's `SystemClock`, which this
/// module does not depend on).
public struct WallClock: SheetLogClock {
    public init() {}

    public func nowMilliseconds() -> Int64 {
        Int64((Date().timeIntervalSince1970 * 1000).rounded(.down))
    }
}
