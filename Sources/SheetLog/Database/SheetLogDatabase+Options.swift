import Foundation
import Logging
import SheetLogSQLite

extension SheetLogDatabase {
    /// How a database is opened and what every recorded event carries.
    ///
    /// ```swift
    /// var options = SheetLogDatabase.Options()
    /// options.metadata = ["appVersion": "2.3.1", "device": "iPhone15,2"]
    /// options.durability = .normal
    /// ```
    public struct Options: Sendable {
        /// `.full` (survives power loss, the default) or `.normal` (survives an app crash).
        public var durability: SQLiteEventStore.Durability
        /// Checked before anything reaches SQLite.
        public var limits: InputLimits
        /// Gives `occurredAt` when a command has none, and the store's `recorded_at`.
        public var clock: any SheetLogClock
        /// Merged into every event's metadata (app version, device, user). Never put form values here.
        public var metadata: [String: String]
        /// How long a write waits for another connection or process holding the write lock.
        public var busyTimeout: Duration
        /// Receives migrations and commit failures; never payloads or form values. Quiet unless you
        /// pass one: a library does not write to an app's console on its own.
        public var logger: Logger

        /// Options with the defaults: `.full` durability, the default limits, the system clock, no
        /// metadata, a 5-second busy timeout.
        public init(
            durability: SQLiteEventStore.Durability = .full,
            limits: InputLimits = .default,
            clock: any SheetLogClock = SystemClock(),
            metadata: [String: String] = [:],
            busyTimeout: Duration = .seconds(5),
            logger: Logger = Logger(label: "SheetLog", factory: { _ in SwiftLogNoOpLogHandler() })
        ) {
            self.durability = durability
            self.limits = limits
            self.clock = clock
            self.metadata = metadata
            self.busyTimeout = busyTimeout
            self.logger = logger
        }

        /// The SQLite store's configuration; ``SQLiteBackend`` adds the sheet read models to it.
        var storeConfiguration: SQLiteEventStore.Configuration {
            SQLiteEventStore.Configuration(
                durability: durability, limits: limits, clock: clock, busyTimeout: busyTimeout, logger: logger)
        }
    }
}
