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
        /// The master key of a sealed database (see the privacy guide): given, a new database is
        /// created sealed, and a sealed one opens only with its own key. Nil for a plain database.
        public var keys: (any KeyProvider)?
        /// The subject (the person whose data it is) of this handle's new sessions whose first
        /// command names none: set it to the signed-in person at every launch. Nil: the one the
        /// database recorded when it was created sealed (`default` unless the handle that created it
        /// named one). A session keeps the subject it began with; changing this never moves one.
        public var defaultSubject: String?
        /// Whether the database follows ``SheetLogDatabase/suspendNotification`` and
        /// ``SheetLogDatabase/resumeNotification``: set it when the file is in an app group's shared
        /// container (an app and its extensions), where iOS kills a suspended process that holds an
        /// SQLite lock (`0xdead10cc`). While suspended, writes throw ``SheetLogError/Code/suspended``.
        /// False by default.
        public var observesSuspension: Bool
        /// The data-protection class of the file, its `-wal` and `-shm` on iOS, tvOS, watchOS and
        /// visionOS, applied at every open; ignored on macOS and Linux. See ``FileProtection``.
        public var fileProtection: FileProtection
        /// How long the log keeps what it recorded: with `.days(N)`, what was recorded more than N
        /// days ago is pruned as ``SheetLogDatabase/prune(before:)`` prunes — at open and then at
        /// most once a day while open, in the background and in short steps, so that a keystroke
        /// waits for one step at most. `.none` (the default) prunes nothing. A handle opened for
        /// reading never prunes; an older file (before auto-vacuum) keeps its size until a
        /// `sheetlog prune` converts it. Fewer than 1 day is refused at open (`invalidInput`).
        public var retention: Retention

        /// Options with the defaults: `.full` durability, the default limits, the system clock, no
        /// metadata, a 5-second busy timeout, no suspension, `completeUntilFirstUserAuthentication`,
        /// no retention.
        public init(
            durability: SQLiteEventStore.Durability = .full,
            limits: InputLimits = .default,
            clock: any SheetLogClock = SystemClock(),
            metadata: [String: String] = [:],
            busyTimeout: Duration = .seconds(5),
            logger: Logger = Logger(label: "SheetLog", factory: { _ in SwiftLogNoOpLogHandler() }),
            keys: (any KeyProvider)? = nil,
            defaultSubject: String? = nil,
            observesSuspension: Bool = false,
            fileProtection: FileProtection = .completeUntilFirstUserAuthentication,
            retention: Retention = .none
        ) {
            self.durability = durability
            self.limits = limits
            self.clock = clock
            self.metadata = metadata
            self.busyTimeout = busyTimeout
            self.logger = logger
            self.keys = keys
            self.defaultSubject = defaultSubject
            self.observesSuspension = observesSuspension
            self.fileProtection = fileProtection
            self.retention = retention
        }

        /// The master key asked of ``keys``, once per open; nil without keys.
        func sealingRequest() throws -> SealingRequest? {
            guard let keys else { return nil }
            if let defaultSubject { try SheetLogDatabase.requirePrintable(defaultSubject, "default subject", operation: "open") }
            do {
                return SealingRequest(master: try keys.masterKey(), defaultSubject: defaultSubject)
            } catch let error as SheetLogError {
                throw error
            } catch {
                // Only the type in the message: a provider's error may describe the key. The error itself
            // stays reachable as `underlyingError`, for the app that wrote the provider.
                throw SheetLogError(
                    .keyUnavailable, "the key provider failed with an error of type \(type(of: error))", context: .init(operation: "open"),
                    underlyingError: error)
            }
        }

        /// The SQLite store's configuration; ``SQLiteBackend`` adds the sheet read models to it.
        var storeConfiguration: SQLiteEventStore.Configuration {
            var configuration = SQLiteEventStore.Configuration(
                durability: durability, limits: limits, clock: clock, busyTimeout: busyTimeout, logger: logger)
            configuration.observesSuspension = observesSuspension
            return configuration
        }
    }
}
