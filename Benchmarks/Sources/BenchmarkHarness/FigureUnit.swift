/// The unit of a figure's values, and how they read in the table.
package enum FigureUnit: String, Sendable, Hashable, Codable, CaseIterable {
    case microseconds = "µs"
    case milliseconds = "ms"
    case seconds = "s"
    case eventsPerSecond = "events/s"
    case bytesPerEvent = "bytes/event"

    /// The symbol printed after a value.
    package var symbol: String { rawValue }
}
