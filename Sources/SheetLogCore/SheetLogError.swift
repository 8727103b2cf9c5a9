import Foundation

/// The one error type of SheetLog: a code saying which rule was broken, a message saying where,
/// and structured context.
///
/// Messages and context never hold payload or form values (drafts carry personal data);
/// they name streams, versions, positions, event ids, fields and limits only.
///
/// ```swift
/// do {
///     try await store.append(events, to: "s1", expecting: .exact(3))
/// } catch let error as SheetLogError where error.code == .wrongExpectedVersion {
///     print(error.context.actualVersion ?? 0)
/// }
/// ```
public struct SheetLogError: Error, Sendable, Hashable, CustomStringConvertible, LocalizedError {
    /// What kind of rule was broken. Codes are stable strings, safe to match on and to log.
    public struct Code: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public var description: String { rawValue }

        // The log
        /// The stream's version did not match the expected version.
        public static let wrongExpectedVersion = Code(rawValue: "wrongExpectedVersion")
        /// An event id is stored with other content, or a batch mixes stored and new ids.
        public static let idempotencyConflict = Code(rawValue: "idempotencyConflict")
        /// An event or a command broke an input limit (size, UTF-8, NUL, JSON, empty id …).
        public static let invalidInput = Code(rawValue: "invalidInput")
        /// The payload is larger than the configured limit.
        public static let payloadTooLarge = Code(rawValue: "payloadTooLarge")
        /// The database was written by a newer version of SheetLog.
        public static let schemaTooNew = Code(rawValue: "schemaTooNew")
        /// A migration failed, or a shipped migration does not match what the database recorded.
        public static let migrationFailed = Code(rawValue: "migrationFailed")
        /// SQLite reported an error (I/O, corruption …); `context.sqliteCode` says which.
        public static let storage = Code(rawValue: "storage")
        /// Another connection or process held the database's lock past the busy timeout: nothing was
        /// done, and the same call may succeed when tried again.
        public static let busy = Code(rawValue: "busy")
        /// The disk or the database's size limit is full.
        public static let storageFull = Code(rawValue: "storageFull")
        /// COMMIT failed: the append may or may not be stored. Look its event ids up after reopening.
        public static let commitOutcomeUnknown = Code(rawValue: "commitOutcomeUnknown")
        /// The integrity chain, positions, versions or projections do not check out.
        public static let integrityViolation = Code(rawValue: "integrityViolation")
        /// The database was opened for reading only and a write was asked for.
        public static let readOnly = Code(rawValue: "readOnly")
        /// The store was closed.
        public static let closed = Code(rawValue: "closed")
        /// The database is suspended (the app posted ``SheetLogDatabase/suspendNotification`` before
        /// going to the background): nothing was written, and the same call succeeds once the app
        /// posted ``SheetLogDatabase/resumeNotification``. Only with `Options.observesSuspension`.
        public static let suspended = Code(rawValue: "suspended")

        // The domain
        /// A command broke a rule of the sheet state machine.
        public static let ruleViolation = Code(rawValue: "ruleViolation")
        /// A payload's schema version is newer than this code knows.
        public static let unsupportedSchemaVersion = Code(rawValue: "unsupportedSchemaVersion")
        /// A stored payload could not be decoded.
        public static let undecodableEvent = Code(rawValue: "undecodableEvent")
        /// A session, presentation or draft that was asked for does not exist.
        public static let notFound = Code(rawValue: "notFound")
        /// The session was removed by a prune (`sheetlog prune`): nothing of it is read, and a command
        /// naming it is refused and stores nothing.
        public static let pruned = Code(rawValue: "pruned")
    }

    /// Where the error happened. Every field is optional; none holds a form value.
    public struct Context: Sendable, Hashable {
        public var stream: String?
        public var expectedVersion: String?
        public var actualVersion: Int64?
        public var position: Int64?
        public var eventID: String?
        public var eventType: String?
        public var presentation: String?
        public var field: String?
        /// The command or operation that failed, e.g. `confirmDiscard` or `append`.
        public var operation: String?
        /// The limit that was exceeded, e.g. a byte count.
        public var limit: Int?
        /// The input line (1-based) for line-oriented input.
        public var line: Int?
        /// SQLite's extended result code, when SQLite reported the error.
        public var sqliteCode: Int32?

        public init(
            stream: String? = nil, expectedVersion: String? = nil, actualVersion: Int64? = nil,
            position: Int64? = nil, eventID: String? = nil, eventType: String? = nil,
            presentation: String? = nil, field: String? = nil, operation: String? = nil,
            limit: Int? = nil, line: Int? = nil, sqliteCode: Int32? = nil
        ) {
            self.stream = stream
            self.expectedVersion = expectedVersion
            self.actualVersion = actualVersion
            self.position = position
            self.eventID = eventID
            self.eventType = eventType
            self.presentation = presentation
            self.field = field
            self.operation = operation
            self.limit = limit
            self.line = line
            self.sqliteCode = sqliteCode
        }
    }

    public var code: Code
    /// One sentence: the rule that was broken and where. Never holds form values.
    public var message: String
    public var context: Context
    /// For a ``Code/ruleViolation``, which rule of the state machine: the case an app switches on.
    public var rule: Rule?
    /// The error that caused this one, when it came from outside SheetLog (a ``KeyProvider``'s own
    /// error, a file system error). Never part of ``message`` or ``description``: it may describe a
    /// key or a value. Not compared by `==`.
    public var underlyingError: (any Error & Sendable)?

    public init(_ code: Code, _ message: String, context: Context = Context(), rule: Rule? = nil, underlyingError: (any Error & Sendable)? = nil) {
        self.code = code
        self.message = message
        self.context = context
        self.rule = rule
        self.underlyingError = underlyingError
    }

    public var description: String {
        if let line = context.line { return "line \(line): \(message)" }
        return message
    }

    /// The same as ``description``: the rule and where, never a form value.
    public var errorDescription: String? { description }

    public static func == (lhs: SheetLogError, rhs: SheetLogError) -> Bool {
        lhs.code == rhs.code && lhs.message == rhs.message && lhs.context == rhs.context && lhs.rule == rhs.rule
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(code)
        hasher.combine(message)
        hasher.combine(context)
        hasher.combine(rule)
    }

    /// The same error, located at an input line.
    public func atLine(_ line: Int) -> SheetLogError {
        var copy = self
        copy.context.line = line
        return copy
    }
}
