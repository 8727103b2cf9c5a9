import Logging
import SheetLogCore

extension SQLiteEventStore {
    /// How much a committed append survives.
    public enum Durability: Sendable, Hashable {
        /// `PRAGMA synchronous = FULL`: a committed append survives a power loss or an OS crash.
        /// The default.
        case full
        /// `PRAGMA synchronous = NORMAL`: a committed append survives an app crash, but the last
        /// commits may be lost on power loss. Faster; opt in when that trade is acceptable.
        case normal

        /// The value of `PRAGMA synchronous` this level sets (2 for FULL, 1 for NORMAL).
        public var synchronousPragmaValue: Int {
            switch self {
            case .full: return 2
            case .normal: return 1
            }
        }
    }

    /// How a store opens its database and what it does on each append.
    public struct Configuration: Sendable {
        /// See ``Durability``; `.full` by default.
        public var durability: Durability
        /// Checked before anything reaches SQLite.
        public var limits: InputLimits
        /// Gives `recorded_at` and the time migrations were applied.
        public var clock: any SheetLogClock
        /// How long an append waits for another connection or process holding the write lock.
        public var busyTimeout: Duration
        /// The sheet read models, updated inside every append's transaction; nil for a bare log
        /// (``keepingSheets(_:)`` sets them; `SQLiteBackend` always does).
        package var sheets: SheetProjection?
        /// Receives migrations applied and appends whose commit outcome is unknown. Never payloads.
        /// Quiet unless you pass one.
        public var logger: Logger
        /// How often a subscription looks for events appended by other processes. Appends through
        /// this store wake subscriptions at once.
        public var subscriptionPollInterval: Duration
        /// Whether the store follows GRDB's suspension notifications (an app's file in a shared
        /// container: see `SheetLogDatabase.Options.observesSuspension`). False by default.
        public var observesSuspension: Bool = false
        /// The keys of a sealed database (migration 0010), nil when opened without a master key.
        package var keyRing: SubjectKeyRing?

        public init(
            durability: Durability = .full,
            limits: InputLimits = .default,
            clock: any SheetLogClock = SystemClock(),
            busyTimeout: Duration = .seconds(5),
            logger: Logger = Logger(label: "SheetLog.SQLite", factory: { _ in SwiftLogNoOpLogHandler() }),
            subscriptionPollInterval: Duration = .milliseconds(75)
        ) {
            self.durability = durability
            self.limits = limits
            self.clock = clock
            self.busyTimeout = busyTimeout
            self.logger = logger
            self.subscriptionPollInterval = subscriptionPollInterval
        }
    }
}

extension SQLiteEventStore.Configuration {
    /// This configuration with the sheet read models kept in every append's transaction: give each
    /// store its own ``SheetProjection`` (it caches the sessions it folds from events given as bytes).
    package func keepingSheets(_ sheets: SheetProjection = SheetProjection()) -> Self {
        var configuration = self
        configuration.sheets = sheets
        return configuration
    }
}
